import { signupBody } from "@/lib/accounts/account-schemas";
import { assertSignupOpen, requestSignup } from "@/lib/accounts/request-signup";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { handle, methods } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Self-service sign-up (`SVC_SIGNUP=open`): always 202; the address gets the next step by email. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    assertSignupOpen();
    assertSameOrigin(req);
    const body = await parseBody(req, signupBody);
    await requestSignup(await getDb(), body, clientIp(req));
    return json(202, { status: "verification_sent" });
  }),
});
