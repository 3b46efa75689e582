import { sql } from "drizzle-orm";
import type { KeptQualitySummary, KeptSessionQuality } from "@/db/schema-usage";
import type { DbOrTx } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";

interface QualityRow {
  identity: string | null;
  samples: number;
  rtt50: number | null;
  rtt95: number | null;
  loss50: number | null;
  loss95: number | null;
  kbps50: number | null;
  kbps95: number | null;
}

const round1 = (v: number) => Math.round(v * 10) / 10;
const stat = (p50: number | null, p95: number | null) =>
  p50 === null || p95 === null ? null : { p50: round1(Number(p50)), p95: round1(Number(p95)) };

/** One summary; no row (no samples) is the empty summary. */
export function qualitySummary(r: QualityRow | undefined): KeptQualitySummary {
  return {
    samples: Number(r?.samples ?? 0),
    rtt_ms: stat(r?.rtt50 ?? null, r?.rtt95 ?? null),
    loss_percent: stat(r?.loss50 ?? null, r?.loss95 ?? null),
    video_kbps: stat(r?.kbps50 ?? null, r?.kbps95 ?? null),
  };
}

/**
 * A session's quality from its room's samples (lib/usage/keep-quality-samples.ts) within its time,
 * per identity and for the whole session (the grouping set's empty row), as p50/p95
 * (quality_samples_room_at_idx).
 */
export async function sessionQuality(
  db: DbOrTx,
  roomId: string,
  from: Date,
  until: Date,
): Promise<KeptSessionQuality> {
  const pct = (p: number, col: string, filter = "") =>
    sql.raw(`percentile_cont(${p}) WITHIN GROUP (ORDER BY ${col})${filter}`);
  const result = await db.execute(sql`
    SELECT identity, count(*)::int AS samples,
      ${pct(0.5, "rtt_ms")} AS rtt50, ${pct(0.95, "rtt_ms")} AS rtt95,
      ${pct(0.5, "loss_percent")} AS loss50, ${pct(0.95, "loss_percent")} AS loss95,
      ${pct(0.5, "kbps", " FILTER (WHERE video)")} AS kbps50, ${pct(0.95, "kbps", " FILTER (WHERE video)")} AS kbps95
    FROM quality_samples
    WHERE room_id = ${roomId} AND at >= ${from.toISOString()}::timestamptz AND at <= ${until.toISOString()}::timestamptz
    GROUP BY GROUPING SETS ((identity), ())`);
  const rows = rowsOf<QualityRow>(result);
  const identities: Record<string, KeptQualitySummary> = {};
  for (const r of rows) if (r.identity !== null) identities[r.identity] = qualitySummary(r);
  return { session: qualitySummary(rows.find((r) => r.identity === null)), identities };
}

/**
 * Keeps the quality summary on the row of up to `limit` ended sessions that started before
 * `before` and have none yet, oldest first (room_sessions_quality_due_idx): the retention pass
 * runs this before pruning samples, and a sample of a session without its summary is never
 * pruned (lib/retention/prune-usage.ts), so GET sessions/:id reads the same figures before and
 * after (docs/decisions/1370). Returns how many sessions it summarised.
 */
export async function keepSessionQuality(db: DbOrTx, before: Date, limit: number): Promise<number> {
  const due = rowsOf<{ id: string; room_id: string; started_at: string | Date; ended_at: string | Date }>(
    await db.execute(sql`
      SELECT id, room_id, started_at, ended_at FROM room_sessions
      WHERE ended_at IS NOT NULL AND quality IS NULL AND started_at < ${before.toISOString()}::timestamptz
      ORDER BY started_at LIMIT ${limit}`),
  );
  for (const s of due) {
    const q = await sessionQuality(db, s.room_id, new Date(s.started_at), new Date(s.ended_at));
    // A join reopening the session meanwhile clears ended_at: its summary waits for its new end.
    await db.execute(sql`
      UPDATE room_sessions SET quality = ${JSON.stringify(q)}::jsonb
      WHERE id = ${s.id} AND quality IS NULL AND ended_at IS NOT NULL`);
  }
  return due.length;
}
