import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { deleteBatch } from "@/lib/retention/delete-batch";

/**
 * One batch per table of everything that grows with use and has a natural end
 * (docs/decisions/0965). Each takes the cutoff and a batch size and returns how many rows it
 * removed; the index each select runs on is named beside it. Live rows are never candidates:
 * pending deliveries, queued emails, unexpired keys and counters stay whatever their age.
 */

/** Ended deliveries (delivered, gone, dead, cancelled) before `before`; their attempts cascade. */
export function pruneEndedDeliveries(db: DbOrTx, before: Date, limit: number): Promise<number> {
  // deliveries_completed_idx (partial: status <> 'pending')
  return deleteBatch(
    db,
    "deliveries",
    "id",
    sql`select id from deliveries where status <> 'pending' and completed_at < ${before.toISOString()}::timestamptz
        order by completed_at limit ${limit}`,
  );
}

/** Outbox events before `before` none of whose deliveries remain (their payloads). */
export function pruneDeliveredEvents(db: DbOrTx, before: Date, limit: number): Promise<number> {
  // events_created_idx; the NOT EXISTS probe runs on deliveries_event_endpoint_key
  return deleteBatch(
    db,
    "events",
    "id",
    sql`select e.id from events e where e.created_at < ${before.toISOString()}::timestamptz
        and not exists (select 1 from deliveries d where d.event_id = e.id)
        order by e.created_at limit ${limit}`,
  );
}

/** Media-plane report ids kept for de-duplication: a report is never repeated after days. */
export function pruneMediaReports(db: DbOrTx, before: Date, limit: number): Promise<number> {
  // media_reports_received_idx
  return deleteBatch(
    db,
    "media_reports",
    "id",
    sql`select id from media_reports where created_at < ${before.toISOString()}::timestamptz
        order by created_at limit ${limit}`,
  );
}

/** Sent and failed emails (the mailbox and the cap only look at the last hour and days). */
export function pruneEndedEmails(db: DbOrTx, before: Date, limit: number): Promise<number> {
  // emails_ended_created_idx (partial: state <> 'queued')
  return deleteBatch(
    db,
    "emails",
    "id",
    sql`select id from emails where state <> 'queued' and created_at < ${before.toISOString()}::timestamptz
        order by created_at limit ${limit}`,
  );
}

/** Idempotency keys past their 24 h replay window. */
export function pruneIdempotencyKeys(db: DbOrTx, now: Date, limit: number): Promise<number> {
  // idempotency_keys_expires_idx; the key is (scope, key), so the row is picked by ctid
  return deleteBatch(
    db,
    "idempotency_keys",
    "ctid",
    sql`select ctid from idempotency_keys where expires_at < ${now.toISOString()}::timestamptz
        order by expires_at limit ${limit}`,
  );
}

/** Rate-limit counters whose window has ended (the library's store keeps them otherwise). */
export function pruneRateLimits(db: DbOrTx, now: Date, limit: number): Promise<number> {
  // rate_limits_expire_idx
  return deleteBatch(
    db,
    "rate_limits",
    "key",
    sql`select key from rate_limits where expire < ${now.getTime()} order by expire limit ${limit}`,
  );
}
