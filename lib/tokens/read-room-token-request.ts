import type { RoomLookup } from "@/lib/api-keys/authenticate";
import { parseObject, readJson } from "@/lib/http/request";
import { IDEMPOTENCY_HEADER } from "@/lib/idempotency/with-idempotency";
import { hasPrefix } from "@/lib/ids";
import { normaliseShortCode } from "@/lib/rooms/short-code";
import { type RoomTokenInput, roomTokenBody } from "@/lib/tokens/room-token-schema";

/** Room ids and short codes use these characters only; any other reference names no room. */
const ROOM_REF = /^[A-Za-z0-9_-]{1,64}$/;

/** How the key's query finds the room `ref` names (as findRoom would), or `by` absent: no room can match. */
export function roomLookup(ref: string): RoomLookup | { ref: string; by?: undefined } {
  if (!ROOM_REF.test(ref)) return { ref };
  if (hasPrefix("room", ref)) return { ref, by: "id", value: ref };
  const code = normaliseShortCode(ref);
  return code ? { ref, by: "short_code", value: code } : { ref };
}

export interface RoomTokenRequest {
  /** The room the body names, if it names one: read with the key, in the same query. */
  room: ReturnType<typeof roomLookup> | undefined;
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
    room: typeof ref === "string" && ref.length > 0 && ref.length <= 64 ? roomLookup(ref) : undefined,
    replayable,
    input: () => {
      if (failure !== undefined) throw failure;
      return parseObject(roomTokenBody, body);
    },
  };
}
