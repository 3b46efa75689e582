import { acceptInvitationBody } from "@/lib/accounts/account-schemas";
import { requestOrigin } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { handle, methods } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { acceptMemberInvitation } from "@/lib/members/accept-member-invitation";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { signedInResponse } from "@/lib/sessions/signed-in-response";

export const dynamic = "force-dynamic";

/** Accepts an org invitation and signs in, like login (200 Identity + `svc_session`). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    assertSameOrigin(req);
    const body = await parseBody(req, acceptInvitationBody);
    await enforceRateLimit(limits.accountLinksPerIp, clientIp(req), "Too many attempts; try again later.");
    const db = await getDb();
    const member = await acceptMemberInvitation(db, body, requestOrigin(req));
    return signedInResponse(db, member);
  }),
});
