import { acceptInvitationBody } from "@/lib/accounts/account-schemas";
import { identitySchema } from "@/lib/identity/identity-schema";
import { limits } from "@/lib/ratelimit/policies";
import { defineRoute } from "@/lib/routes/contract";

export const acceptMemberInvitationContract = defineRoute({
  method: "POST",
  path: "/v1/auth/invitations/accept",
  operationId: "acceptMemberInvitation",
  summary: "Accept an invitation to an org (extension)",
  description:
    "A new address sends `display_name` and a password (10 to 256 characters); an address with an account sends its password. Signs in like login. Unknown token: 404; used, revoked or expired: 410 `invitation_expired`.",
  tag: "Accounts",
  auth: "none",
  body: acceptInvitationBody,
  responses: { 200: { description: "Signed in; `Set-Cookie: svc_session=…`", schema: identitySchema } },
  errors: [
    "not_found",
    "invitation_expired",
    "already_member",
    "invalid_credentials",
    "second_factor_required",
    "invalid_second_factor",
    "second_factor_replayed",
    "conflict",
    "csrf_failed",
  ],
  rateLimits: [limits.accountLinksPerIp, limits.signInFailures, limits.signInAccountFailures],
});
