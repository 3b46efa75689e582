import type { Env } from "@/lib/env";

/**
 * A production server whose public URL is unset hands out links (downloads, emails, the room
 * token's `iss`) for `http://localhost:<PORT>`, which reach nobody else. It starts (a single node
 * tried out on its own machine is fine) but says so in its start-up log (docs/decisions/1014).
 * Returns the warning's fields, or null when nothing is wrong.
 */
export function publicUrlWarning(
  e: Pick<Env, "NODE_ENV" | "SVC_BASE_URL" | "NEXTAUTH_URL" | "baseUrl">,
): { base_url: string; note: string } | null {
  if (e.NODE_ENV !== "production" || e.SVC_BASE_URL || e.NEXTAUTH_URL) return null;
  return {
    base_url: e.baseUrl,
    note:
      "SVC_BASE_URL is not set: download links, email links and the room token's iss point at this " +
      "address, which only this machine reaches. Set SVC_BASE_URL to the URL your users open.",
  };
}
