import { and, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { streams } from "@/db/schema";
import type { JobTx } from "@/lib/jobs/transaction";
import { moveStream } from "@/lib/streams/apply-streamer-report";
import type { PlaneStreamReport } from "@/lib/streams/plane-stream-report";
import { RUNNING } from "@/lib/streams/start-stream";

type StreamRow = typeof streams.$inferSelect;

const MAX_REASON = 500;
const trimUrl = (u: string) => u.trim().replace(/\/+$/, "");

/**
 * A media plane's word about a stream it runs itself (LiveKit's egress; docs/streaming.md), in
 * the intake's transaction (lib/media/apply-intake.ts). The stream is the room's (the plane's
 * room is the org boundary: a report naming another room's stream matches nothing) whose id the
 * plane's request carried, or whose handle (media_ref) is the plane's. Then the same moves as the
 * Janus streamer's reports (moveStream): a start, then per-output failures; or per-output
 * failures, then the end or the failure.
 */
export async function applyPlaneStreamReport(
  tx: JobTx,
  report: PlaneStreamReport,
  now: Date,
): Promise<{ matched: boolean; changed: boolean }> {
  const which: SQL[] = [];
  if (report.stream_id) which.push(eq(streams.id, report.stream_id));
  if (report.ref) which.push(eq(streams.mediaRef, report.ref));
  if (which.length === 0) return { matched: false, changed: false };
  // streams_room_created_idx: the room's streams (a handful), then the id or the handle.
  const find = async () =>
    (
      await tx
        .select()
        .from(streams)
        .where(and(eq(streams.roomId, report.room_id), or(...which)))
        .limit(1)
        .for("update")
    )[0];
  let row = (await find()) ?? (await claimPlaceholder(tx, report));
  if (!row) return { matched: false, changed: false };
  let changed = false;
  const own = async (at: StreamRow) => {
    const moved = await moveStream(
      tx,
      at,
      { type: report.type, reason: report.reason?.slice(0, MAX_REASON) },
      now,
    );
    changed ||= moved.changed;
    return (await find()) ?? at;
  };
  // On air first, then what failed in it; an end or a failure comes after its outputs' failures.
  if (report.type === "stream.started") row = await own(row);
  for (const failure of report.failed_outputs ?? []) {
    const output = outputOf(row, failure.destination);
    if (output === undefined) continue;
    const moved = await moveStream(
      tx,
      row,
      { type: "stream.failed", output, reason: failure.reason.slice(0, MAX_REASON) },
      now,
    );
    changed ||= moved.changed;
    row = (await find()) ?? row;
  }
  if (report.type !== "stream.started") await own(row);
  return { matched: true, changed };
}

/**
 * A report the plane sent before the start stored its handle (docs/decisions/1401): LiveKit may
 * announce an RTMP-only egress (no HLS prefix names its stream) before its answer to the start
 * reaches the service. The start wrote the stream's row, `starting` and without a handle, before
 * asking the plane: that row is the placeholder. A room runs one stream at a time, so the
 * room's running stream without a handle, whose outputs are RTMP only and exactly the report's
 * destinations, is the one; the plane's handle is stored on it here (the start stores the same
 * value when its answer comes), so every later report finds it by handle. Anything else (another
 * room's stream, a stream with a handle already, other destinations, an HLS output whose prefix
 * would have named it) matches nothing.
 */
async function claimPlaceholder(tx: JobTx, report: PlaneStreamReport): Promise<StreamRow | undefined> {
  const destinations = report.destinations ?? [];
  if (!report.ref || report.stream_id || destinations.length === 0) return undefined;
  // streams_room_created_idx: the room's running stream (at most one).
  const [row] = await tx
    .select()
    .from(streams)
    .where(
      and(eq(streams.roomId, report.room_id), inArray(streams.state, [...RUNNING]), isNull(streams.mediaRef)),
    )
    .limit(1)
    .for("update");
  if (!row || row.outputs.some((o) => o.kind !== "rtmp")) return undefined;
  const ours = new Set(row.outputs.map((o) => trimUrl(o.url ?? "")));
  const theirs = new Set(destinations.map(trimUrl));
  if (ours.size !== theirs.size || [...ours].some((u) => !theirs.has(u))) return undefined;
  const [claimed] = await tx
    .update(streams)
    .set({ mediaRef: report.ref })
    .where(and(eq(streams.id, row.id), isNull(streams.mediaRef)))
    .returning();
  return claimed;
}

/**
 * The RTMP output a destination (its URL without the key) names; the stream's only RTMP output
 * when none matches exactly (a plane may rewrite the URL it reports).
 */
function outputOf(row: StreamRow, destination: string): number | undefined {
  const rtmp = row.outputs.flatMap((o, i) => (o.kind === "rtmp" ? [{ o, i }] : []));
  const exact = rtmp.find(({ o }) => trimUrl(o.url ?? "") === trimUrl(destination));
  return exact?.i ?? (rtmp.length === 1 ? rtmp[0]?.i : undefined);
}
