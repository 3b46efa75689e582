import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { log } from "@/lib/log/logger";
import type { QualitySample } from "@/lib/media/qos/quality-sample";

/**
 * Keeps the measures of quality samples for the sessions' quality summary (GET sessions/:id):
 * run after the intake applied the request that carried them (lib/media/run-driver-policies.ts),
 * beside the judging. A stream on which nothing flowed says nothing and is not kept (as the judge,
 * docs/decisions/1216). The connection names the room and the identity: samples of a connection
 * the pipeline does not know are dropped. A repeated sample (same ref) is kept once. Best effort,
 * like the other post-commit policies: a failure is logged and changes nothing else.
 */
export async function keepQualitySamples(db: Db, samples: readonly QualitySample[]): Promise<void> {
  const kept = samples.filter(
    (s) => s.packets > 0 && (s.rttMs !== undefined || s.lossPercent !== undefined || s.kbps !== undefined),
  );
  if (kept.length === 0) return;
  const rows = kept.map(
    (s) =>
      sql`(${s.ref}, ${s.connectionId}, ${s.at.toISOString()}::timestamptz, ${s.direction === "inbound"}::boolean, ${s.media === "video"}::boolean, ${s.rttMs ?? null}::real, ${s.lossPercent ?? null}::real, ${s.kbps ?? null}::real)`,
  );
  try {
    await db.execute(sql`
    INSERT INTO quality_samples (ref, room_id, identity, at, inbound, video, rtt_ms, loss_percent, kbps)
    SELECT v.ref, c.room_id, c.identity, v.at, v.inbound, v.video, v.rtt, v.loss, v.kbps
    FROM (VALUES ${sql.join(rows, sql`, `)}) AS v(ref, connection_id, at, inbound, video, rtt, loss, kbps)
    JOIN media_connections c ON c.connection_id = v.connection_id
    ON CONFLICT (ref) DO NOTHING`);
  } catch (err) {
    log.warn("quality samples were not kept", { error: err instanceof Error ? err.message : String(err) });
  }
}
