import { authenticateProjectKey } from "@/lib/api-keys/authenticate";
import { requirePlan } from "@/lib/billing/require-plan";
import { getDb } from "@/lib/db";
import { handle, methods } from "@/lib/http/handler";
import { json } from "@/lib/http/response";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { mintRoomToken } from "@/lib/tokens/mint-room-token";
import { readRoomTokenRequest } from "@/lib/tokens/read-room-token-request";

export const dynamic = "force-dynamic";

/** Endpoint 14: a customer's server mints a room token with its project key (one query: 0862). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    const db = await getDb();
    const body = await readRoomTokenRequest(req);
    const key = await authenticateProjectKey(req, db, "rooms:write", { room: body.room });
    const limited = await enforceRateLimit(
      limits.roomTokens,
      key.keyId,
      "Too many room tokens for this key.",
    );
    requirePlan({ planSelected: key.planSelected ?? false });
    return withIdempotency(body.replayable, `key:${key.keyId}`, async () =>
      json(200, await mintRoomToken(db, key, body.input()), limited),
    );
  }),
});
