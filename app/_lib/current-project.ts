/**
 * The current project: the one the member last opened or picked in the switcher, kept in a plain
 * cookie (a preference, not a credential). Pages that work on one project (API keys) start there,
 * and "New room" preselects it. A stale or foreign id is ignored: the list it is looked up in is
 * already scoped to the member's org.
 */
export const CURRENT_PROJECT_COOKIE = "svc_project";

export function pickCurrentProject<P extends { id: string }>(
  projects: readonly P[],
  remembered: string | undefined,
): P | undefined {
  return projects.find((p) => p.id === remembered) ?? projects[0];
}
