import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";

/**
 * Queue depths for /metrics, read when scraped (every instance reports the same database-wide
 * numbers: aggregate with max(), not sum()). Each count runs on a partial index:
 * deliveries_due_idx / emails_due_idx for the waiting rows, deliveries_dead_idx for dead letters.
 */
export async function readQueueDepths(): Promise<{ queue: string; state: string; count: number }[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    select 'deliveries' as queue, 'due' as state, count(*)::int as count
      from deliveries where status = 'pending' and next_attempt_at <= now()
    union all
    select 'deliveries', 'scheduled', count(*)::int
      from deliveries where status = 'pending' and next_attempt_at > now()
    union all
    select 'deliveries', 'dead', count(*)::int from deliveries where status = 'dead'
    union all
    select 'emails', 'due', count(*)::int from emails where state = 'queued' and release_at <= now()
    union all
    select 'emails', 'held', count(*)::int from emails where state = 'queued' and release_at > now()
    union all
    select 'emails', 'failed', count(*)::int from emails where state = 'failed'
    union all
    select 'media_intake', 'pending', count(*)::int from media_intake
    union all
    select 'media_intake', 'dead', count(*)::int from media_dead_letters`);
  const rows = rowsOf<{ queue: string; state: string; count: number | string }>(result);
  return rows.map((r) => ({ queue: r.queue, state: r.state, count: Number(r.count) }));
}
