"use client";

import { island } from "@/app/_components/lazy-dialog";

/**
 * The sidebar's widgets, server-rendered as always but hydrated from their own chunk, so every
 * console page's first load carries only the shell (docs/decisions/1101). Until the chunk arrives a
 * widget shows as the server rendered it; the chunk is requested at once, with the page. All five
 * come from one module (shell-widgets.tsx): one chunk, no code repeated between them (1307).
 */
const widgets = () => import("@/app/_components/shell-widgets");

export const ProjectSwitcher = island(() => widgets().then((m) => m.ProjectSwitcher));
export const OrgSwitcher = island(() => widgets().then((m) => m.OrgSwitcher));
export const ThemeToggle = island(() => widgets().then((m) => m.ThemeToggle));
export const SignOutButton = island(() => widgets().then((m) => m.SignOutButton));
export const SessionWatch = island(() => widgets().then((m) => m.SessionWatch));
