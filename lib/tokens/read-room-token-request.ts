import { parseObject, readJson } from "@/lib/http/request";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency/with-idempotency";
import { type RoomTokenInput, roomTokenBody } from "@/lib/tokens/room-token-schema";

export interface RoomTokenRequest {
  /** The `roomId` the body names, if it names one: read with the key, in the same query. */
  roomRef: string | undefined;
  /** The request for the idempotency layer: re-readable when it carries an Idempotency-Key. */
  replayable: Request;
  /** The checked input; throws the body's 4xx (malformed, wrong type, invalid) when called. */
  input: () => RoomTokenInput;
}

/**
 * Reads endpoint 14's body before the key is checked, so the key, its org and the room come from
 * one query (docs/decisions/0862). Whatever is wrong with the body is kept and thrown by `input()`
 * at the point where it was thrown before — after authentication, rate limit and plan — so the
 * answer to a request with several faults is unchanged.
 */
export async function readRoomTokenRequest(req: Request): Promise<RoomTokenRequest> {
  // Only an idempotent request is read twice (its hash); the others skip the copy.
  const replayable = req.headers.has(IDEMPOTENCY_HEADER) ? req.clone() : req;
  let body: unknown;
  let failure: unknown;
  try {
    body = await readJson(req);
  } catch (err) {
    failure = err;
  }
  const ref = (body as { roomId?: unknown } | undefined)?.roomId;
  return {
    roomRef: typeof ref === "string" && ref.length > 0 && ref.length <= 64 ? ref : undefined,
    replayable,
    input: () => {
      if (failure !== undefined) throw failure;
      return parseObject(roomTokenBody, body);
    },
  };
}
