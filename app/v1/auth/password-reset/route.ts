import { requestPasswordReset } from "@/lib/accounts/request-password-reset";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { requestPasswordResetContract } from "./contract";

export const dynamic = "force-dynamic";

/** Emails a reset link if the address has an account; always 202 (no account enumeration). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(requestPasswordResetContract)(async ({ req, readBody }) => {
    assertSameOrigin(req);
    const { email } = await readBody();
    await requestPasswordReset(await getDb(), email, clientIp(req));
    return { status: 202, body: { status: "reset_sent" } };
  }),
});
