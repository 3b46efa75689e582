import { and, eq, inArray, sql } from "drizzle-orm";
import { streams } from "@/db/schema";
import type { Db } from "@/lib/db";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { MISSES_TO_FAIL_OVER } from "@/lib/media/node-misses";
import { MediaNodeUnavailable, type MediaPlaneDriver, type NodeStream } from "@/lib/media/plane";
import { moveStream } from "@/lib/streams/apply-streamer-report";
import { RUNNING } from "@/lib/streams/start-stream";

/**
 * A stream whose plane stopped running it does not stay `live` (docs/decisions/1400): each
 * reconcile pass asks every node which streams it runs (the driver's listStreams: the Janus
 * streamer agent's list, LiveKit's active egresses) and compares with the node's `starting` and
 * `live` streams. One pass that does not find a stream, or whose node does not answer, is one
 * miss; a pass that finds it forgets its misses; at MISSES_TO_FAIL_OVER in a row (the count of
 * docs/decisions/1362) the stream is `failed` with the reason, every output still running failed
 * with it, and `stream.failed` is recorded once (moveStream moves only a running stream). The count
 * is on the row, so passes run by different instances count together.
 *
 * The database is read before the node, as reconcile reads rooms (docs/decisions/1042): a stream
 * started after the read is left for the next pass; one read `starting` whose start has not yet
 * reached the plane misses once and is found the next time.
 */

export interface StreamReconcileSummary {
  streams_checked: number;
  streams_missed: number;
  streams_failed: number;
}

const NOT_HELD = "the media plane no longer runs it (its streamer agent or egress stopped or restarted)";
const NO_ANSWER =
  "the media plane did not answer for it (its streamer agent or egress service is unreachable)";

/** Whether the plane's list names the stream: by our id, or by the plane's handle we stored. */
const holds = (listed: readonly NodeStream[], s: { id: string; mediaRef: string | null }) =>
  listed.some(
    (l) => l.streamId === s.id || (l.ref !== undefined && s.mediaRef !== null && l.ref === s.mediaRef),
  );

export async function reconcileStreams(
  db: Db,
  plane: MediaPlaneDriver,
  now: Date = new Date(),
): Promise<StreamReconcileSummary> {
  const summary: StreamReconcileSummary = { streams_checked: 0, streams_missed: 0, streams_failed: 0 };
  if (!plane.listStreams) return summary;
  for (const node of plane.nodes) {
    // streams_running_node_idx: the node's running streams (a handful), every org's.
    const running = await db
      .select({ id: streams.id, mediaRef: streams.mediaRef })
      .from(streams)
      .where(and(eq(streams.mediaNode, node), inArray(streams.state, [...RUNNING])));
    if (running.length === 0) continue;
    let listed: NodeStream[] | undefined;
    try {
      listed = await plane.listStreams(node);
    } catch (err) {
      if (!(err instanceof MediaNodeUnavailable)) {
        // Not an outage (an older agent without the list, a refused call): nothing is counted.
        log.warn("a media node could not list its streams; its streams are not reconciled", {
          node,
          error: err instanceof Error ? err.message : String(err),
        });
        continue;
      }
      log.warn("a media node did not answer for its streams", { node, error: err.message });
    }
    for (const s of running) {
      summary.streams_checked++;
      if (listed && holds(listed, s)) {
        await db
          .update(streams)
          .set({ reconcileMisses: 0 })
          .where(and(eq(streams.id, s.id), sql`${streams.reconcileMisses} > 0`));
        continue;
      }
      summary.streams_missed++;
      if (await missed(db, s.id, listed ? NOT_HELD : NO_ANSWER, now)) summary.streams_failed++;
    }
  }
  return summary;
}

/** One miss of a stream, under its row lock: true when it made the stream fail. */
async function missed(db: Db, id: string, reason: string, now: Date): Promise<boolean> {
  return transactionWithJobs(db, async (tx) => {
    const [row] = await tx
      .select()
      .from(streams)
      .where(and(eq(streams.id, id), inArray(streams.state, [...RUNNING])))
      .for("update");
    // Ended or failed since the read (a stop, its room's end, its agent's last report): not missed.
    if (!row) return false;
    const misses = row.reconcileMisses + 1;
    await tx.update(streams).set({ reconcileMisses: misses }).where(eq(streams.id, id));
    if (misses < MISSES_TO_FAIL_OVER) return false;
    log.warn("a stream its media plane no longer runs failed", { stream_id: id, misses, reason });
    const moved = await moveStream(
      tx,
      { ...row, reconcileMisses: misses },
      { type: "stream.failed", reason: `${reason}; missed by ${misses} reconcile passes in a row` },
      now,
    );
    return moved.changed;
  });
}
