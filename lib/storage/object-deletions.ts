import { and, asc, eq, inArray, like, lte, ne, or, type SQL, sql } from "drizzle-orm";
import { objectDeletions, recordings } from "@/db/schema";
import { type Db, getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { deleteStoredObjectsRequested } from "@/lib/jobs/definitions/delete-stored-objects-requested";
import { afterCommit, type JobTx } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { deleteObject } from "@/lib/storage/delete-object";
import { isServedKey } from "@/lib/storage/served-keys";

/**
 * Deleting stored objects durably (docs/decisions/0920): the transaction that deletes a recording
 * or a project queues its object keys here; a pass claims due rows with a lease, deletes each
 * object and then its row. A process killed mid-pass leaves its claimed rows due again when the
 * lease ends, so the next pass (any instance, after any restart) redoes them.
 */

/** How long a claim holds a row: far longer than one object deletion takes. */
export const DELETION_LEASE_MS = 5 * 60 * 1000;
/** Rows claimed per pass; a backlog continues at once in the next pass. */
export const DELETION_BATCH = 100;
const MAX_BACKOFF_MS = 60 * 60 * 1000;
const INSERT_SLICE = 1000;

/** The rows being deleted, whose own pointers do not keep their objects. */
export type DeletingRows = { recordingId: string } | { projectId: string };

const likePrefix = (prefix: string) => `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Of `keys` (a key ending in `/` is a prefix: everything under it), those no other recording row
 * points at (docs/decisions/1245: no delete removes an object another row points at). A key or
 * prefix another row still names is left in storage and logged.
 */
export async function keysNoOtherRowUses(
  tx: JobTx,
  keys: readonly string[],
  deleting: DeletingRows,
): Promise<string[]> {
  const kept: string[] = [];
  for (let i = 0; i < keys.length; i += 200) {
    const slice = keys.slice(i, i + 200);
    const exact = slice.filter((k) => !k.endsWith("/"));
    const prefixes = slice.filter((k) => k.endsWith("/"));
    const match: SQL[] = [];
    if (exact.length > 0) match.push(inArray(recordings.objectKey, exact));
    for (const p of prefixes) match.push(like(recordings.objectKey, likePrefix(p)));
    // recordings_object_key_idx (text_pattern_ops: equality and prefix LIKE).
    const used = await tx
      .select({ key: recordings.objectKey })
      .from(recordings)
      .where(
        and(
          or(...match),
          "recordingId" in deleting
            ? ne(recordings.id, deleting.recordingId)
            : ne(recordings.projectId, deleting.projectId),
        ),
      );
    const usedKeys = used.flatMap((u) => (u.key ? [u.key] : []));
    for (const k of slice) {
      const inUse = k.endsWith("/") ? usedKeys.some((u) => u.startsWith(k)) : usedKeys.includes(k);
      if (inUse) log.warn("an object another recording points at is kept", { key: k });
      else kept.push(k);
    }
  }
  return kept;
}

/** Queues the deletion of these objects inside `tx`; the job is woken when `tx` commits. */
export async function queueObjectDeletions(
  tx: JobTx,
  orgId: string,
  keys: readonly string[],
): Promise<string[]> {
  if (keys.length === 0) return [];
  const rows = keys.map((objectKey) => ({ id: newId("objectDeletion"), orgId, objectKey }));
  // In slices: one statement binds at most 65,535 parameters (a project may hold many recordings).
  for (let i = 0; i < rows.length; i += INSERT_SLICE)
    await tx.insert(objectDeletions).values(rows.slice(i, i + INSERT_SLICE));
  afterCommit(tx, deleteStoredObjectsRequested, [{ id: rows[0]?.id ?? orgId, payload: { org_id: orgId } }]);
  return rows.map((r) => r.id);
}

type Claimed = { id: string; objectKey: string; attempts: number };

/**
 * Claims due rows (all due rows, or only `ids`) by moving their due time past the lease, in one
 * statement with SKIP LOCKED so concurrent passes never claim the same row.
 */
async function claim(db: Db, now: Date, ids?: readonly string[]): Promise<Claimed[]> {
  const due = db
    .select({ id: objectDeletions.id })
    .from(objectDeletions)
    // object_deletions_due_idx: due rows, oldest first.
    .where(ids ? inArray(objectDeletions.id, [...ids]) : lte(objectDeletions.nextAttemptAt, now))
    .orderBy(asc(objectDeletions.nextAttemptAt))
    .limit(DELETION_BATCH)
    .for("update", { skipLocked: true });
  return db
    .update(objectDeletions)
    .set({
      nextAttemptAt: new Date(now.getTime() + DELETION_LEASE_MS),
      attempts: sql`${objectDeletions.attempts} + 1`,
    })
    .where(inArray(objectDeletions.id, due))
    .returning({
      id: objectDeletions.id,
      objectKey: objectDeletions.objectKey,
      attempts: objectDeletions.attempts,
    });
}

async function runOne(db: Db, row: Claimed, now: Date): Promise<boolean> {
  if (!isServedKey(row.objectKey)) {
    // Never retried: no deletion reaches outside recordings/ (docs/decisions/1360).
    log.error("refused to delete an object outside recordings/", { deletion: row.id });
    await db.delete(objectDeletions).where(eq(objectDeletions.id, row.id));
    return false;
  }
  try {
    await deleteObject(row.objectKey);
    await db.delete(objectDeletions).where(eq(objectDeletions.id, row.id));
    return true;
  } catch (err) {
    // Exponential backoff from 30 s, capped at an hour; the row stays until the object is gone.
    const delay = Math.min(MAX_BACKOFF_MS, 30_000 * 2 ** Math.min(row.attempts - 1, 10));
    const message = err instanceof Error ? err.message : String(err);
    log.warn("could not delete a stored object; will retry", { deletion: row.id, err: message });
    await db
      .update(objectDeletions)
      .set({ nextAttemptAt: new Date(now.getTime() + delay), lastError: message.slice(0, 500) })
      .where(eq(objectDeletions.id, row.id));
    return false;
  }
}

/** Deletes claimed objects; `ids` limits the pass to those rows (a request deleting its own). */
export async function deleteDueObjects(
  db: Db,
  now: Date,
  ids?: readonly string[],
): Promise<{ deleted: number; failed: number }> {
  const claimed = await claim(db, now, ids);
  let deleted = 0;
  for (const row of claimed) if (await runOne(db, row, now)) deleted++;
  return { deleted, failed: claimed.length - deleted };
}

/** When the next queued deletion is due (a lease's end, a backoff), or null when none is left. */
async function nextDue(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: objectDeletions.nextAttemptAt })
    .from(objectDeletions)
    .orderBy(asc(objectDeletions.nextAttemptAt))
    .limit(1);
  return row?.at ?? null;
}

/** The `delete-stored-objects` job's pass. */
export async function deleteStoredObjectsPass(ctx: Pick<PassContext, "now">): Promise<PassResult> {
  const db = await getDb();
  const r = await deleteDueObjects(db, ctx.now);
  return { next: await nextDue(db), summary: r };
}
