import { requestOrigin } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { acceptMemberInvitation } from "@/lib/members/accept-member-invitation";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { signedInReply } from "@/lib/sessions/signed-in-reply";
import { acceptMemberInvitationContract } from "./contract";

export const dynamic = "force-dynamic";

/** Accepts an org invitation and signs in, like login (200 Identity + `svc_session`). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(acceptMemberInvitationContract)(async ({ req, readBody }) => {
    assertSameOrigin(req);
    const body = await readBody();
    await enforceRateLimit(limits.accountLinksPerIp, clientIp(req), "Too many attempts; try again later.");
    const db = await getDb();
    return signedInReply(db, await acceptMemberInvitation(db, body, requestOrigin(req)));
  }),
});
