/**
 * The current project: the one the member last opened or picked in the switcher, kept in a plain
 * cookie (a preference, not a credential), or "all" (docs/decisions/1076). Every project-scoped list
 * shows the current project's items, or every project's; pages that work on one project (API keys)
 * and new-item dialogs start there. A stale or foreign id is ignored: the list it is looked up in is
 * already scoped to the member's org.
 */
export const CURRENT_PROJECT_COOKIE = "svc_project";
/** The switcher's "All projects" choice (also the default: nothing picked yet). */
export const ALL_PROJECTS = "all";

/** The project lists are filtered to: the remembered one, or undefined for every project. */
export function projectFilter<P extends { id: string }>(
  projects: readonly P[],
  remembered: string | undefined,
): P | undefined {
  return projects.find((p) => p.id === remembered);
}

export function pickCurrentProject<P extends { id: string }>(
  projects: readonly P[],
  remembered: string | undefined,
): P | undefined {
  return projects.find((p) => p.id === remembered) ?? projects[0];
}
