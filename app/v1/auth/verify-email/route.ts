import { verifyEmailBody } from "@/lib/accounts/account-schemas";
import { assertSignupOpen } from "@/lib/accounts/request-signup";
import { verifyEmail } from "@/lib/accounts/verify-email";
import { requestOrigin } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { handle, methods } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { signedInResponse } from "@/lib/sessions/signed-in-response";

export const dynamic = "force-dynamic";

/** Confirms a sign-up: creates the user and the org, and signs in (200 Identity + `svc_session`). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    assertSignupOpen();
    assertSameOrigin(req);
    const { token } = await parseBody(req, verifyEmailBody);
    await enforceRateLimit(limits.accountLinksPerIp, clientIp(req), "Too many attempts; try again later.");
    const db = await getDb();
    return signedInResponse(db, await verifyEmail(db, token, requestOrigin(req)));
  }),
});
