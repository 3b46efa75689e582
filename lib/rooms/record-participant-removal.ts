import { roomActivity } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { newId } from "@/lib/ids";

/**
 * A removal on the room's timeline (`participant.removed`, docs/decisions/1305), written when a
 * member's DELETE rooms/:id/participants/:identity disconnected someone: the node's leave that
 * follows still records `participant.left`, so the timeline reads "removed", then "left", and a
 * host tells a removal from someone leaving on their own.
 */
export async function recordParticipantRemoval(
  db: DbOrTx,
  roomId: string,
  identity: string,
  at: Date = new Date(),
): Promise<void> {
  await db.insert(roomActivity).values({
    id: newId("roomActivity"),
    roomId,
    type: "participant.removed",
    identity,
    detail: null,
    occurredAt: at,
  });
}
