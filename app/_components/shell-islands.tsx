"use client";

import { island } from "@/app/_components/lazy-dialog";

/**
 * The sidebar's widgets, server-rendered as always but hydrated from their own chunks, so every
 * console page's first load carries only the shell (docs/decisions/1101). Until a chunk arrives a
 * widget shows as the server rendered it; its chunk is requested at once, with the page.
 */
export const ProjectSwitcher = island(() =>
  import("@/app/_components/project-switcher").then((m) => m.ProjectSwitcher),
);
export const OrgSwitcher = island(() => import("@/app/_components/org-switcher").then((m) => m.OrgSwitcher));
export const ThemeToggle = island(() => import("@/app/_components/theme-toggle").then((m) => m.ThemeToggle));
export const SignOutButton = island(() =>
  import("@/app/_components/sign-out-button").then((m) => m.SignOutButton),
);
export const SessionWatch = island(() =>
  import("@/app/_components/session-watch").then((m) => m.SessionWatch),
);
