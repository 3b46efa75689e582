import { signInKeys } from "@/lib/auth/sign-in-keys";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { rateLimitedError } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { ssoStateCookieHeader, startSso } from "@/lib/sso/start-sso";
import { startSsoContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(startSsoContract)(async ({ req, readBody }) => {
    assertSameOrigin(req);
    const body = await readBody();
    // Each start keeps a state row for 10 minutes: one address cannot fill the table.
    const d = await limits.signInPerIp.consume(signInKeys.ip(clientIp(req)));
    if (!d.allowed) throw rateLimitedError(d, "Too many sign-in attempts. Try again later.");
    const { authorizationUrl, state } = await startSso(await getDb(), body.email);
    return {
      status: 200,
      body: { authorization_url: authorizationUrl },
      headers: { "set-cookie": ssoStateCookieHeader(state) },
    };
  }),
});
