import { confirmPasswordReset } from "@/lib/accounts/confirm-password-reset";
import { requestOrigin } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { confirmPasswordResetContract } from "./contract";

export const dynamic = "force-dynamic";

/** Sets the new password from a reset link and ends every session of the user (204). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(confirmPasswordResetContract)(async ({ req, readBody }) => {
    assertSameOrigin(req);
    const body = await readBody();
    await enforceRateLimit(limits.accountLinksPerIp, clientIp(req), "Too many attempts; try again later.");
    await confirmPasswordReset(await getDb(), body, requestOrigin(req));
    return { status: 204 };
  }),
});
