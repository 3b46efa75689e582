import { ApiError } from "@/lib/http/errors";
import type { SessionMember } from "@/lib/identity/load-member";

/**
 * What a member whose org requires two-factor may do before turning it on (docs/decisions/1263):
 * enrol, see who they are and which orgs they have, move to another org, sign out. Everything else
 * answers 403 `two_factor_enrolment_required`.
 */
export const ENROLMENT_ROUTES: ReadonlySet<string> = new Set([
  "/v1/workspace/me",
  "/v1/workspace/me/orgs",
  "/v1/workspace/me/totp",
  "/v1/workspace/me/totp/confirm",
  // A passkey is a second factor too (docs/decisions/1341).
  "/v1/workspace/me/passkeys/options",
  "/v1/workspace/me/passkeys",
  "/v1/auth/switch-org",
  "/v1/auth/logout",
  "/v1/auth/logout-all",
]);

export function assertEnrolledIfRequired(member: SessionMember, route: string | undefined): void {
  if (!member.mustEnrolTwoFactor || (route && ENROLMENT_ROUTES.has(route))) return;
  throw new ApiError(
    "two_factor_enrolment_required",
    `${member.orgName} requires two-factor for every member. Turn it on first: POST /v1/workspace/me/totp, then POST /v1/workspace/me/totp/confirm with a code.`,
  );
}
