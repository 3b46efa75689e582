import { and, inArray, or } from "drizzle-orm";
import { ROOM_STATES } from "@/db/enums";
import { mediaConnections, orgCounters, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { applyObservation, type MediaObservation } from "@/lib/media/connections";

/**
 * Applies what a media-plane driver observed in one request (Janus posts up to 100 events at once),
 * in the order given, in a few transactions (OBSERVATIONS_PER_TRANSACTION each) that first lock
 * every room they touch, in id order, then the org's room counters (docs/decisions/1106). A few
 * commits per POST instead of up to two transactions per event: the ingest was bound by commits
 * and repeated room locks (126 events/s against 2,000). Two batches that share rooms or an org
 * lock them in the same order, so they queue and never deadlock.
 *
 * If a transaction of the batch fails (a deadlock with another writer, a timeout, a constraint,
 * the database going away), it rolls back whole and its observations apply again one per
 * transaction, as before: every report
 * is deduped by its event's ref, so nothing applies twice, and a failure part-way leaves the
 * earlier observations applied. A publication may call the media server (a viewer who published
 * is removed), so publications apply after the batch commits, never inside it.
 *
 * Returns how many observations changed something.
 */
/**
 * Observations per transaction. A transaction holds its org's room counters from its first room
 * change to its commit, so one org's transactions take turns on them: a whole POST per
 * transaction made the others wait past the statement timeout (3 s) with four nodes posting on a
 * loaded machine, and their events were lost (measured: 143 of 1,000 rooms wrong). Twenty keeps
 * the commits few and each hold short.
 */
const OBSERVATIONS_PER_TRANSACTION = 20;

export async function applyObservations(db: Db, observations: readonly MediaObservation[]): Promise<number> {
  const inBatch = observations.filter((o) => o.kind !== "published");
  const after = observations.filter((o) => o.kind === "published");
  let applied = 0;
  for (let i = 0; i < inBatch.length; i += OBSERVATIONS_PER_TRANSACTION) {
    const chunk = inBatch.slice(i, i + OBSERVATIONS_PER_TRANSACTION);
    try {
      applied += await applyInOneTransaction(db, chunk);
    } catch (err) {
      log.warn("media events: the batch failed; applying its events one by one", {
        events: chunk.length,
        error: err instanceof Error ? err.message : String(err),
      });
      for (const o of chunk) if (await applyObservation(db, o)) applied++;
    }
  }
  for (const o of after) if (await applyObservation(db, o)) applied++;
  return applied;
}

async function applyInOneTransaction(db: Db, observations: readonly MediaObservation[]): Promise<number> {
  const roomIds = await roomsTouched(db, observations);
  const orgIds = roomIds.length === 0 ? [] : await orgsOf(db, roomIds);
  await ensureRoomCounters(db, orgIds);
  return transactionWithJobs(db, async (tx) => {
    const lockedRooms = new Set<string>();
    if (roomIds.length > 0) {
      const found = await tx
        .select({ id: rooms.id })
        .from(rooms)
        .where(inArray(rooms.id, roomIds))
        .orderBy(rooms.id)
        .for("update");
      for (const r of found) lockedRooms.add(r.id);
      await lockRoomCounters(tx, orgIds);
    }
    const scope = { tx, lockedRooms };
    let applied = 0;
    for (const o of observations) if (await applyObservation(scope, o)) applied++;
    return applied;
  });
}

/**
 * The org counters a room's change of state or presence updates (the `rooms` triggers of
 * db/migrations/0011 and 0014: `rooms:<state>` and `participants:active`), locked after the rooms
 * and in key order. A batch changes many rooms, statement by statement, and each statement's
 * trigger locks the keys it touches until the commit: two batches of one org taking them in
 * different orders deadlocked (measured on PostgreSQL with four nodes posting). Locked up front,
 * batches of one org take turns on them instead.
 */
async function lockRoomCounters(tx: JobTx, orgIds: readonly string[]): Promise<void> {
  if (orgIds.length === 0) return;
  await tx
    .select({ key: orgCounters.key })
    .from(orgCounters)
    .where(and(inArray(orgCounters.orgId, [...orgIds]), inArray(orgCounters.key, COUNTER_KEYS)))
    .orderBy(orgCounters.orgId, orgCounters.key)
    .for("update");
}

/** The counter keys of lockRoomCounters. */
const COUNTER_KEYS = ["participants:active", ...ROOM_STATES.map((s) => `rooms:${s}`)].sort();

/**
 * The counters lockRoomCounters locks, created (at zero, which reads as none) if missing, in a
 * statement of its own before the batch: a key the batch's first change would create could not be
 * locked up front, and its insert deadlocked like the updates did.
 */
async function ensureRoomCounters(db: Db, orgIds: readonly string[]): Promise<void> {
  if (orgIds.length === 0) return;
  await db
    .insert(orgCounters)
    .values(orgIds.flatMap((orgId) => COUNTER_KEYS.map((key) => ({ orgId, key, n: 0 }))))
    .onConflictDoNothing();
}

async function orgsOf(db: Db, roomIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ orgId: rooms.orgId })
    .from(rooms)
    .where(inArray(rooms.id, [...roomIds]));
  return rows.map((r) => r.orgId).sort();
}

/**
 * The rooms the observations name, and those of the connections and sessions they name (one
 * query). A connection made after this read is found when its observation applies: its room is
 * then locked on its own (lib/media/connections.ts).
 */
async function roomsTouched(db: Db, observations: readonly MediaObservation[]): Promise<string[]> {
  const ids = new Set<string>();
  const connections = new Set<string>();
  const sessions = new Set<string>();
  for (const o of observations) {
    if ("roomId" in o) ids.add(o.roomId);
    if (o.kind === "disconnected" || o.kind === "quality") connections.add(o.connectionId);
    if (o.kind === "session_closed") sessions.add(o.sessionRef);
  }
  if (connections.size + sessions.size > 0) {
    const rows = await db
      .select({ roomId: mediaConnections.roomId })
      .from(mediaConnections)
      .where(
        or(
          connections.size > 0 ? inArray(mediaConnections.connectionId, [...connections]) : undefined,
          sessions.size > 0 ? inArray(mediaConnections.sessionRef, [...sessions]) : undefined,
        ),
      );
    for (const r of rows) ids.add(r.roomId);
  }
  return [...ids].sort();
}
