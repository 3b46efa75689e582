import { createHash } from "node:crypto";
import { roomKnocks } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { newId, randomBase62 } from "@/lib/ids";
import type { ShareLinkRoom } from "@/lib/share-link/find-share-link-room";
import { type GuestKnock, KNOCK_POLL_FIRST_MS } from "@/lib/share-link/knock-schema";

/** The stored form of a knock's secret: SHA-256, hex (the secret has 190 random bits). */
export const knockSecretHash = (secret: string): string => createHash("sha256").update(secret).digest("hex");

/**
 * A guest knocks (docs/decisions/1350): the name they typed waits in the room's waiting list until
 * a member admits or denies it; the guest's page holds the secret it polls with.
 */
export async function createKnock(
  db: DbOrTx,
  room: Pick<ShareLinkRoom, "id" | "orgId">,
  displayName: string,
  now: Date,
): Promise<GuestKnock> {
  const id = newId("knock");
  const secret = `knks_${randomBase62(32)}`;
  await db.insert(roomKnocks).values({
    id,
    orgId: room.orgId,
    roomId: room.id,
    displayName,
    secretHash: knockSecretHash(secret),
    createdAt: now,
    lastSeenAt: now,
  });
  return { knock_id: id, knock_secret: secret, state: "waiting", poll_after_ms: KNOCK_POLL_FIRST_MS };
}
