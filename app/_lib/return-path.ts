/**
 * Coming back after signing in (docs/decisions/0843). The proxy stamps each console request with
 * its path (PATH_HEADER), so a page that finds no session can send the browser to the sign-in page
 * with `next=<that path>`; the sign-in page goes there afterwards. Only same-origin paths are
 * followed: anything else (another host, `//host`, a backslash trick) falls back to the console home.
 */
export const PATH_HEADER = "x-svc-path";

export type SignInReason = "expired";

export function safeReturnPath(value: string | null | undefined): string | undefined {
  if (!value?.startsWith("/") || value.startsWith("//") || /[\\\s]/.test(value)) return undefined;
  if (value === "/login" || value.startsWith("/login?") || value.startsWith("/login/")) return undefined;
  return value;
}

/** `/login?next=/rooms/rm_1&reason=expired`. */
export function signInPath(returnTo: string | null | undefined, reason?: SignInReason): string {
  const qs = new URLSearchParams();
  const next = safeReturnPath(returnTo);
  if (next && next !== "/") qs.set("next", next);
  if (reason) qs.set("reason", reason);
  return qs.size > 0 ? `/login?${qs}` : "/login";
}
