import { signInKeys } from "@/lib/auth/sign-in-keys";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { methods } from "@/lib/http/handler";
import { passkeySignInOptions } from "@/lib/passkeys/verify-passkey";
import { rateLimitedError } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { passkeySignInOptionsContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(passkeySignInOptionsContract)(async ({ req }) => {
    assertSameOrigin(req);
    // Each answer keeps a challenge row for 5 minutes: one address cannot fill the table.
    const d = await limits.signInPerIp.consume(signInKeys.ip(clientIp(req)));
    if (!d.allowed) throw rateLimitedError(d, "Too many sign-in attempts. Try again later.");
    return { status: 200, body: { options: { ...(await passkeySignInOptions(await getDb())) } } };
  }),
});
