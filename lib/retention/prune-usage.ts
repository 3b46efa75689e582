import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/lib/db";
import { deleteBatch } from "@/lib/retention/delete-batch";

/**
 * Retention of the usage sources that grow with every meeting (docs/decisions/1370): quality
 * samples and room-token mints, oldest first, one short statement per batch. Neither takes away
 * what a figure still needs: a sample goes only once the summary of every session it falls in is
 * kept on the session's row (lib/usage/session-quality.ts), and a mint only once the rollup has
 * counted its day (usage_rollup_state).
 */

/** Samples before `before` no session without a kept summary covers (quality_samples_at_idx). */
export function pruneQualitySamples(db: DbOrTx, before: Date, limit: number): Promise<number> {
  // The NOT EXISTS probe runs on room_sessions_room_started_idx.
  return deleteBatch(
    db,
    "quality_samples",
    "ref",
    sql`select q.ref from quality_samples q
        where q.at < ${before.toISOString()}::timestamptz
          and not exists (
            select 1 from room_sessions s
            where s.room_id = q.room_id and s.quality is null and s.started_at <= q.at
              and (s.ended_at is null or s.ended_at >= q.at))
        order by q.at limit ${limit}`,
  );
}

/**
 * Mints before `before` and before the day ahead of the last one the rollup covered (it
 * recomputes from that day on), so `room_tokens` per day never changes (room_token_mints_minted_idx).
 * Before the first rollup nothing goes.
 */
export function pruneRoomTokenMints(db: DbOrTx, before: Date, limit: number): Promise<number> {
  return deleteBatch(
    db,
    "room_token_mints",
    "id",
    sql`select m.id from room_token_mints m, usage_rollup_state r
        where r.id = 1
          and m.minted_at < least(${before.toISOString()}::timestamptz, (r.through - 1)::timestamp at time zone 'UTC')
        order by m.minted_at limit ${limit}`,
  );
}
