import { passwordResetBody } from "@/lib/accounts/account-schemas";
import { requestPasswordReset } from "@/lib/accounts/request-password-reset";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { handle, methods } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Emails a reset link if the address has an account; always 202 (no account enumeration). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    assertSameOrigin(req);
    const { email } = await parseBody(req, passwordResetBody);
    await requestPasswordReset(await getDb(), email, clientIp(req));
    return json(202, { status: "reset_sent" });
  }),
});
