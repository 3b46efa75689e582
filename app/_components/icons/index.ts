/** Stroke icons, decorative (the text beside them names them). Import from here. */
export * from "@/app/_components/icons/actions";
export * from "@/app/_components/icons/objects";
export type { IconProps } from "@/app/_components/icons/svg";
export * from "@/app/_components/icons/ui";
