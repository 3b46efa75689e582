import { recordSignIn, requestOrigin } from "@/lib/audit/record-audit";
import { verifyLogin } from "@/lib/auth/login";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { signedInReply } from "@/lib/sessions/signed-in-reply";
import { signInContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(signInContract)(async ({ req, readBody }) => {
    assertSameOrigin(req);
    const body = await readBody();
    const db = await getDb();
    const member = await verifyLogin(db, { ...body, ip: clientIp(req) });
    await recordSignIn(db, member, requestOrigin(req), "api");
    return signedInReply(db, member);
  }),
});
