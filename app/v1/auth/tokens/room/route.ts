import { authenticateProjectKey } from "@/lib/api-keys/authenticate";
import { requireKeyOrgPlan } from "@/lib/api-keys/require-key-plan";
import { getDb } from "@/lib/db";
import { handle, methods } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { withIdempotency } from "@/lib/idempotency/with-idempotency";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { mintRoomToken } from "@/lib/tokens/mint-room-token";
import { roomTokenBody } from "@/lib/tokens/room-token-schema";

export const dynamic = "force-dynamic";

/** Endpoint 14: a customer's server mints a room token with its project key. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: handle(async (req) => {
    const db = await getDb();
    const key = await authenticateProjectKey(req, db, "rooms:write");
    const limited = await enforceRateLimit(
      limits.roomTokens,
      key.keyId,
      "Too many room tokens for this key.",
    );
    await requireKeyOrgPlan(db, key.orgId);
    return withIdempotency(req, `key:${key.keyId}`, async (r) => {
      const input = await parseBody(r, roomTokenBody);
      return json(200, await mintRoomToken(db, key, input), limited);
    });
  }),
});
