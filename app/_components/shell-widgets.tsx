"use client";

/**
 * The sidebar's widgets in ONE module, so the shell's islands share one chunk: as five dynamic
 * imports each chunk carried its own copy of the icons and the API client they share, and five
 * requests (measured cold: 14.6 kB of shell scripts on every console page; decision 1101, 1307).
 */
export { OrgSwitcher } from "@/app/_components/org-switcher";
export { ProjectSwitcher } from "@/app/_components/project-switcher";
export { SessionWatch } from "@/app/_components/session-watch";
export { SignOutButton } from "@/app/_components/sign-out-button";
export { ThemeToggle } from "@/app/_components/theme-toggle";
