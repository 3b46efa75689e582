import { authenticateProjectKey } from "@/lib/api-keys/authenticate";
import { requirePlan } from "@/lib/billing/require-plan";
import { getDb } from "@/lib/db";
import { methods } from "@/lib/http/handler";
import { enforceRateLimit } from "@/lib/ratelimit/limiter";
import { limits } from "@/lib/ratelimit/policies";
import { implement } from "@/lib/routes/implement";
import { mintRoomToken } from "@/lib/tokens/mint-room-token";
import { readRoomTokenRequest } from "@/lib/tokens/read-room-token-request";
import { mintRoomTokenContract } from "./contract";

export const dynamic = "force-dynamic";

/**
 * Endpoint 14: a customer's server mints a room token with its project key. The body is read
 * before the key so that the key, its org and the room come from one query (0862); it is checked
 * against the contract's schema by `input()`, after authentication, as before.
 */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(mintRoomTokenContract)(async ({ req, idempotently }) => {
    const db = await getDb();
    const body = await readRoomTokenRequest(req);
    const key = await authenticateProjectKey(req, db, mintRoomTokenContract.keyScope, { room: body.room });
    const limited = await enforceRateLimit(
      limits.roomTokens,
      key.keyId,
      "Too many room tokens for this key.",
    );
    requirePlan({ planSelected: key.planSelected ?? false });
    return idempotently(
      `key:${key.keyId}`,
      async () => ({ status: 200, body: await mintRoomToken(db, key, body.input()), headers: limited }),
      body.replayable,
    );
  }),
});
