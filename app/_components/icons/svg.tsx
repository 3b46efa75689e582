import type { ReactNode, SVGProps } from "react";

export type IconProps = SVGProps<SVGSVGElement>;

/** Stroke icons (24-unit grid, 1.75 stroke), decorative: the text beside them names them. */
export function Svg({ children, ...props }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

/**
 * An icon component from its shapes: every icon is the same frame around different paths, so an
 * icon file lists only the paths.
 */
export function icon(shapes: ReactNode) {
  // biome-ignore lint/correctness/noComponentHookFactories: each icon calls this once, at module load, never during a render.
  return function Icon(props: IconProps) {
    return <Svg {...props}>{shapes}</Svg>;
  };
}
