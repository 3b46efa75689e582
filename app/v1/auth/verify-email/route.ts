import { assertSignupOpen } from "@/lib/accounts/request-signup";
import { verifyEmail } from "@/lib/accounts/verify-email";
import { requestOrigin } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { signedInReply } from "@/lib/sessions/signed-in-reply";
import { verifyEmailContract } from "./contract";

export const dynamic = "force-dynamic";

/** Confirms a sign-up: creates the user and the org, and signs in (200 Identity + `svc_session`). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(verifyEmailContract)(async ({ req, readBody }) => {
    assertSignupOpen();
    assertSameOrigin(req);
    const { token } = await readBody();
    await enforceRateLimit(limits.accountLinksPerIp, clientIp(req), "Too many attempts; try again later.");
    const db = await getDb();
    return signedInReply(db, await verifyEmail(db, token, requestOrigin(req)));
  }),
});
