import { recordSignIn, requestOrigin } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { signInWithPasskey } from "@/lib/passkeys/sign-in-with-passkey";
import { implement } from "@/lib/routes/implement";
import { signedInReply } from "@/lib/sessions/signed-in-reply";
import { passkeySignInContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(passkeySignInContract)(async ({ req, readBody }) => {
    assertSameOrigin(req);
    const body = await readBody();
    const db = await getDb();
    const origin = requestOrigin(req);
    const member = await signInWithPasskey(db, body.response, clientIp(req));
    await recordSignIn(db, member, origin, "passkey", "passkey");
    return signedInReply(db, member, { ip: origin.ip, userAgent: origin.userAgent });
  }),
});
