/**
 * The most keys one answer of a project's key list carries, newest first, revoked ones included
 * (docs/decisions/1059). A module of its own, with no imports, so the console's table can say so.
 */
export const API_KEYS_LIST_MAX = 500;
