import { roomKnocks } from "@/db/schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { knockSecretHash } from "@/lib/share-link/create-knock";
import type { CallOptions, CallResult } from "./app";
import type { World } from "./hardening-world";

/** A guest waiting on the world's room, as POST /v1/join/{code}/token makes one with the waiting room on. */
async function waitingKnock(w: World, secret: string): Promise<string> {
  const id = newId("knock");
  await (await getDb()).insert(roomKnocks).values({
    id,
    orgId: w.org.id,
    roomId: w.roomId,
    displayName: "Docs guest",
    secretHash: knockSecretHash(secret),
  });
  return id;
}

/**
 * The share link's lock and waiting room (docs/decisions/1350): one knock per example, made once,
 * so a replay under the same Idempotency-Key names the same path.
 */
export function knockExamples(
  w: World,
  call: (method: string, path: string, opts?: CallOptions) => Promise<CallResult>,
  owner: CallOptions,
): Record<string, () => Promise<CallResult>> {
  let toAdmit = "";
  let toDeny = "";
  let toPoll = "";
  const secret = "knks_docs-example-secret";
  return {
    getRoomAdmission: () => call("GET", `/v1/workspace/rooms/${w.roomId}/admission`, owner),
    updateRoomAdmission: () =>
      call("PATCH", `/v1/workspace/rooms/${w.roomId}/admission`, { ...owner, json: { waiting_room: false } }),
    admitGuest: async () => {
      toAdmit ||= await waitingKnock(w, secret);
      return call("POST", `/v1/workspace/rooms/${w.roomId}/knocks/${toAdmit}/admit`, owner);
    },
    denyGuest: async () => {
      toDeny ||= await waitingKnock(w, secret);
      return call("POST", `/v1/workspace/rooms/${w.roomId}/knocks/${toDeny}/deny`, owner);
    },
    // Needs a media plane (MEDIA_PLANE_OPERATIONS): without one the share link opens nothing (404).
    getGuestKnock: async () => {
      toPoll ||= await waitingKnock(w, secret);
      return call("GET", `/v1/join/${w.shortCode}/knocks/${toPoll}`, {
        headers: { authorization: `Bearer ${secret}` },
      });
    },
  };
}
