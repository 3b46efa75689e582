import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { apiKeys, mediaConnections, roomRevocations } from "@/db/schema";
import type { JobTx } from "@/lib/jobs/transaction";

import type { PublishedTrack } from "@/lib/media/plane";

export type { PublishedTrack };

/** What the revocation check needs of a connection (its row in media_connections). */
export interface CredentialFacts {
  roomId: string;
  identity: string;
  issuedAt: Date | null;
  keyId: string | null;
}

/**
 * Whether the credential a connection joined with is revoked (docs/decisions/1320, 1321): a
 * revocation of its room issued after it was minted, for its identity or for everyone, or its
 * project key's room tokens revoked after it was minted. A credential that does not say when it
 * was minted (minted before the service carried it) counts as older than every revocation: a
 * revocation must not be escaped by an old credential. One indexed read per join
 * (room_revocations_room_idx; api_keys by primary key).
 */
export async function revokedJoin(tx: JobTx, c: CredentialFacts): Promise<boolean> {
  const issuedAt = c.issuedAt;
  const [revoked] = await tx
    .select({ one: sql<number>`1` })
    .from(roomRevocations)
    .where(
      and(
        eq(roomRevocations.roomId, c.roomId),
        or(isNull(roomRevocations.identity), eq(roomRevocations.identity, c.identity)),
        issuedAt ? gt(roomRevocations.issuedBefore, issuedAt) : undefined,
      ),
    )
    .limit(1);
  if (revoked) return true;
  if (!c.keyId) return false;
  const [key] = await tx
    .select({ at: apiKeys.roomTokensRevokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.id, c.keyId));
  return Boolean(key?.at && (!issuedAt || key.at > issuedAt));
}

/** Keeps what a present participant publishes (the last report wins), for muting it later. */
export async function storePublishedTracks(
  tx: JobTx,
  roomId: string,
  participantRef: string,
  tracks: readonly PublishedTrack[],
): Promise<void> {
  await tx
    .update(mediaConnections)
    .set({ publishedTracks: [...tracks] })
    .where(
      and(
        eq(mediaConnections.roomId, roomId),
        eq(mediaConnections.participantRef, participantRef),
        isNull(mediaConnections.leftAt),
      ),
    );
}
