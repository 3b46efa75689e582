import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { methods } from "@/lib/http/handler";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { browserJoinAvailable } from "@/lib/share-link/browser-join";
import { pollKnock } from "@/lib/share-link/poll-knock";
import { getGuestKnockContract } from "./contract";

export const dynamic = "force-dynamic";

type P = { shortCode: string; knockId: string };

/** A waiting guest's page asks whether it was let in (docs/decisions/1350). */
export const { GET, POST, PUT, PATCH, DELETE } = methods<P>({
  GET: implement(getGuestKnockContract)<P>(async ({ req, params }) => {
    if (!browserJoinAvailable())
      throw new ApiError("not_found", "This service does not open rooms in the browser.");
    const perIp = await enforceRateLimit(
      limits.knockPollsPerIp,
      clientIp(req),
      "Too many requests from this address; wait a moment.",
    );
    const secret = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1]?.trim() ?? "";
    const body = await pollKnock(await getDb(), params.shortCode, params.knockId, secret);
    return { status: 200, body, headers: perIp };
  }),
});
