"use client";

import { CURRENT_PROJECT_COOKIE } from "@/app/_lib/current-project";

/** Browser event the switcher listens to, so every place that picks a project updates it. */
export const PROJECT_PICKED_EVENT = "svc:project-picked";

/** Makes a project the current one: a year-long preference cookie the server reads, and an event. */
export function rememberProject(projectId: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie; the Cookie Store API is not in every browser yet.
  document.cookie = `${CURRENT_PROJECT_COOKIE}=${encodeURIComponent(projectId)}; Path=/; Max-Age=31536000; SameSite=Lax`;
  window.dispatchEvent(new CustomEvent<string>(PROJECT_PICKED_EVENT, { detail: projectId }));
}
