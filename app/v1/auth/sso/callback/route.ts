import { recordSignIn, requestOrigin } from "@/lib/audit/record-audit";
import { readCookie, sessionCookieHeader } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { startSession } from "@/lib/sessions/start-session";
import { finishSso } from "@/lib/sso/finish-sso";
import { clearSsoStateCookieHeader, SSO_STATE_COOKIE } from "@/lib/sso/start-sso";
import { ssoCallbackContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(ssoCallbackContract)(async ({ req, query }) => {
    const db = await getDb();
    const origin = requestOrigin(req);
    try {
      const { member } = await finishSso(
        db,
        {
          code: query.code,
          state: query.state,
          cookieState: readCookie(req.headers.get("cookie"), SSO_STATE_COOKIE),
          error: query.error,
          errorDescription: query.error_description,
        },
        origin,
      );
      await recordSignIn(db, member, origin, "sso");
      const { token } = await startSession(db, member, new Date(), {
        ip: origin.ip,
        userAgent: origin.userAgent,
      });
      return {
        status: 303,
        headers: {
          location: `${env.baseUrl}/`,
          "set-cookie": [sessionCookieHeader(token), clearSsoStateCookieHeader()],
        },
      };
    } catch (err) {
      // A person's browser lands on the sign-in page with the reason; an API client gets the problem.
      if (err instanceof ApiError && (req.headers.get("accept") ?? "").includes("text/html")) {
        return {
          status: 303,
          headers: {
            location: `${env.baseUrl}/login?sso_error=${err.code}`,
            "set-cookie": clearSsoStateCookieHeader(),
          },
        };
      }
      throw err;
    }
  }),
});
