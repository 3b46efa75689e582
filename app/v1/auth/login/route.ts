import { recordSignIn, requestOrigin } from "@/lib/audit/record-audit";
import { verifyLogin } from "@/lib/auth/login";
import { loginBody } from "@/lib/auth/login-schema";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { handle, methods } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { signedInResponse } from "@/lib/sessions/signed-in-response";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    assertSameOrigin(req);
    const body = await parseBody(req, loginBody);
    const db = await getDb();
    const member = await verifyLogin(db, { ...body, ip: clientIp(req) });
    await recordSignIn(db, member, requestOrigin(req), "api");
    return signedInResponse(db, member);
  }),
});
