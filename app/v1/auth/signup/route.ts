import { assertSignupOpen, requestSignup } from "@/lib/accounts/request-signup";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { signUpContract } from "./contract";

export const dynamic = "force-dynamic";

/** Self-service sign-up (`SVC_SIGNUP=open`): always 202; the address gets the next step by email. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(signUpContract)(async ({ req, readBody }) => {
    assertSignupOpen();
    assertSameOrigin(req);
    await requestSignup(await getDb(), await readBody(), clientIp(req));
    return { status: 202, body: { status: "verification_sent" } };
  }),
});
