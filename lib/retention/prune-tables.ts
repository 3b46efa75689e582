import { type SQL, sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { deleteBatch } from "@/lib/retention/delete-batch";

/**
 * One batch per table of everything that grows with use and has a natural end
 * (docs/decisions/0965). Each takes the cutoff and a batch size and returns how many rows it
 * removed; the index each select runs on is named beside it. Live rows are never candidates:
 * pending deliveries, queued emails, unexpired keys and counters stay whatever their age.
 */

interface Oldest {
  table: string;
  /** The column that names a row for the delete (`ctid` where the key has two columns). */
  key: string;
  /** The age column, compared with the cutoff and ordered by. */
  age: string;
  /** Only rows matching this are candidates (live rows never are). */
  where?: SQL;
}

/** Deletes the oldest `limit` rows of `o.table` whose `o.age` is before `cutoff`. */
function pruneOldest(db: DbOrTx, o: Oldest, cutoff: Date | number, limit: number): Promise<number> {
  const age = sql.identifier(o.age);
  const bound = typeof cutoff === "number" ? sql`${cutoff}` : sql`${cutoff.toISOString()}::timestamptz`;
  const extra = o.where ? sql` and ${o.where}` : sql``;
  return deleteBatch(
    db,
    o.table,
    o.key,
    sql`select ${sql.identifier(o.key)} from ${sql.identifier(o.table)} where ${age} < ${bound}${extra}
        order by ${age} limit ${limit}`,
  );
}

/** Ended deliveries (delivered, gone, dead, cancelled) before `before`; their attempts cascade. */
export function pruneEndedDeliveries(db: DbOrTx, before: Date, limit: number): Promise<number> {
  // deliveries_completed_idx (partial: status <> 'pending')
  const o = { table: "deliveries", key: "id", age: "completed_at", where: sql`status <> 'pending'` };
  return pruneOldest(db, o, before, limit);
}

/** Outbox events before `before` none of whose deliveries remain (their payloads). */
export function pruneDeliveredEvents(db: DbOrTx, before: Date, limit: number): Promise<number> {
  // events_created_idx; the NOT EXISTS probe runs on deliveries_event_endpoint_key
  const orphan = sql`not exists (select 1 from deliveries d where d.event_id = events.id)`;
  return pruneOldest(db, { table: "events", key: "id", age: "created_at", where: orphan }, before, limit);
}

/** Media-plane report ids kept for de-duplication: a report is never repeated after days. */
export function pruneMediaReports(db: DbOrTx, before: Date, limit: number): Promise<number> {
  // media_reports_received_idx
  return pruneOldest(db, { table: "media_reports", key: "id", age: "created_at" }, before, limit);
}

/** Sent and failed emails (the mailbox and the cap only look at the last hour and days). */
export function pruneEndedEmails(db: DbOrTx, before: Date, limit: number): Promise<number> {
  // emails_ended_created_idx (partial: state <> 'queued')
  const o = { table: "emails", key: "id", age: "created_at", where: sql`state <> 'queued'` };
  return pruneOldest(db, o, before, limit);
}

/** Idempotency keys past their 24 h replay window. */
export function pruneIdempotencyKeys(db: DbOrTx, now: Date, limit: number): Promise<number> {
  // idempotency_keys_expires_idx; the key is (scope, key), so the row is picked by ctid
  return pruneOldest(db, { table: "idempotency_keys", key: "ctid", age: "expires_at" }, now, limit);
}

/** Rate-limit counters whose window has ended (the library's store keeps them otherwise). */
export function pruneRateLimits(db: DbOrTx, now: Date, limit: number): Promise<number> {
  // rate_limits_expire_idx (`expire` is epoch milliseconds)
  return pruneOldest(db, { table: "rate_limits", key: "key", age: "expire" }, now.getTime(), limit);
}

/**
 * Sealed bodies of account emails whose link has expired (docs/decisions/1011): the readable copy
 * stays for the mailbox and the send log, the link is gone for good. Not a delete: an update of
 * one short batch.
 */
export async function purgeExpiredSealedBodies(db: DbOrTx, now: Date, limit: number): Promise<number> {
  // emails_sealed_until_idx (partial: sealed_body IS NOT NULL)
  const result = await db.execute(sql`
    update emails set sealed_body = null, sealed_until = null, sealed_link_hash = null
    where id in (select id from emails where sealed_body is not null and sealed_until <= ${now.toISOString()}::timestamptz
                 order by sealed_until limit ${limit})
    returning 1 as purged`);
  return rowsOf(result).length;
}
