import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { assertSameOrigin } from "@/lib/http/csrf";
import { ApiError } from "@/lib/http/errors";
import { methods } from "@/lib/http/handler";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { browserJoinAvailable } from "@/lib/share-link/browser-join";
import { mintGuestToken } from "@/lib/share-link/mint-guest-token";
import { mintGuestTokenContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { shortCode: string };

/** A guest's token through a share link (docs/decisions/1030-what-a-share-link-grants.md). */
export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  POST: implement(mintGuestTokenContract)<P>(async ({ req, params, readBody }) => {
    // The page posts from its own origin; another site cannot have visitors mint in its name.
    assertSameOrigin(req);
    if (!browserJoinAvailable())
      throw new ApiError("not_found", "This service does not open rooms in the browser.");
    const perIp = await enforceRateLimit(
      limits.guestTokensPerIp,
      clientIp(req),
      "Too many room joins from this address; try again shortly.",
    );
    const input = await readBody();
    const answer = await mintGuestToken(await getDb(), params.shortCode, input);
    return { ...answer, headers: perIp };
  }),
});
