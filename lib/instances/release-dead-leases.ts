import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { staleBefore } from "@/lib/instances/heartbeat";

/**
 * Releases the leases of instances taken for dead (stale heartbeat, or no row at all: a process
 * that died before its first beat was written is covered by the lease's own end). The released
 * rows are due again at once; the caller wakes its workers. Indexes: deliveries_locked_by_idx,
 * emails_locked_by_idx, instances_heartbeat_idx.
 */
export async function releaseDeadLeases(db: Db, now: Date): Promise<{ deliveries: number; emails: number }> {
  const stale = staleBefore(now).toISOString();
  const deliveries = await db.execute(sql`
    update deliveries set locked_until = null, locked_by = null
    where locked_by in (select id from instances where heartbeat_at < ${stale}::timestamptz)
      and status = 'pending' and locked_until > ${now.toISOString()}::timestamptz
    returning id`);
  const emails = await db.execute(sql`
    update emails set locked_until = null, locked_by = null
    where locked_by in (select id from instances where heartbeat_at < ${stale}::timestamptz)
      and state = 'queued' and locked_until > ${now.toISOString()}::timestamptz
    returning id`);
  return { deliveries: rowsOf(deliveries).length, emails: rowsOf(emails).length };
}
