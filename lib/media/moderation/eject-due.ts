import { and, asc, inArray, isNotNull, isNull, lte, min } from "drizzle-orm";
import { mediaConnections } from "@/db/schema";
import type { Db } from "@/lib/db";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { EJECT_RETRY_SEC, removeConnections } from "@/lib/media/moderation/remove-connections";

/** Connections removed per pass at most (the next pass runs at once when there were more). */
const BATCH = 200;

/**
 * The eject job's pass (docs/decisions/1323): every present connection whose `eject_at` has come
 * is removed through its room's node: a credential minted with `ejectAtExpiry` at its expiry, and
 * connections a revocation, ban or key flag marked (now) whose first removal failed or whose leave
 * never came (asked again every EJECT_RETRY_SEC). Works for every driver: it only asks the plane
 * to remove participants. Reads media_connections_eject_idx only.
 */
export async function ejectDue(
  db: Db,
  now: Date,
): Promise<{ removed: number; due: number; next: Date | null }> {
  const due = await db
    .select({
      connectionId: mediaConnections.connectionId,
      roomId: mediaConnections.roomId,
      participantRef: mediaConnections.participantRef,
    })
    .from(mediaConnections)
    .where(
      and(
        isNotNull(mediaConnections.ejectAt),
        isNull(mediaConnections.leftAt),
        lte(mediaConnections.ejectAt, now),
        isNotNull(mediaConnections.joinedAt),
      ),
    )
    .orderBy(asc(mediaConnections.ejectAt))
    .limit(BATCH);
  const list = due.flatMap((d) => (d.participantRef ? [{ ...d, participantRef: d.participantRef }] : []));
  if (due.length > 0) {
    // Asked now, asked again in EJECT_RETRY_SEC unless the node's leave closes them first: so a
    // node that does not answer, or a room no node holds, never makes the job spin.
    await db
      .update(mediaConnections)
      .set({ ejectAt: new Date(now.getTime() + EJECT_RETRY_SEC * 1000) })
      .where(
        inArray(
          mediaConnections.connectionId,
          due.map((d) => d.connectionId),
        ),
      );
  }
  const removed = await removeConnections(db, list, now);
  const [later] = await db
    .select({ at: min(mediaConnections.ejectAt) })
    .from(mediaConnections)
    .where(
      and(
        isNotNull(mediaConnections.ejectAt),
        isNull(mediaConnections.leftAt),
        isNotNull(mediaConnections.joinedAt),
      ),
    );
  const next = due.length === BATCH ? now : (later?.at ?? null);
  return { removed, due: due.length, next };
}

export async function ejectDuePass(ctx: Pick<PassContext, "now">): Promise<PassResult> {
  const { getDb } = await import("@/lib/db");
  const { removed, due, next } = await ejectDue(await getDb(), ctx.now);
  return { next, summary: { due, removed } };
}
