import { clearSessionCookieHeader, decodeSessionToken, extractSessionToken } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { endSession } from "@/lib/sessions/end-sessions";
import { signOutContract } from "./contract";

export const dynamic = "force-dynamic";

/**
 * Ends the presented session on the server (docs/decisions/0900): the token is refused afterwards
 * as a cookie and as a Bearer. Always 204 (signing out twice, or without a session, is not an error).
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(signOutContract)(async ({ req }) => {
    const presented = extractSessionToken(req.headers);
    if (presented?.source === "cookie") assertSameOrigin(req);
    const claims = presented ? await decodeSessionToken(presented.token) : null;
    if (claims) await endSession(await getDb(), claims.sid, claims.sub);
    return { status: 204, headers: { "set-cookie": clearSessionCookieHeader() } };
  }),
});
