import { eq } from "drizzle-orm";
import { streams } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { mediaPlane } from "@/lib/media/media-plane";
import { noteNodeHealth } from "@/lib/media/place-room";
import { MediaNodeUnavailable } from "@/lib/media/plane";
import { endStream } from "@/lib/streams/end-stream";
import { findStream, streamNotFound } from "@/lib/streams/find-stream";
import { serializeStream } from "@/lib/streams/serialize-stream";
import type { StreamDto } from "@/lib/streams/stream-schema";

/**
 * POST /v1/workspace/rooms/:id/streams/:streamId/stop (issue 45): the plane is asked first (its
 * agent stops forwarding, finishes the playlist with #EXT-X-ENDLIST and uploads it); once it took
 * the stop, the stream is `ended` and `stream.ended` is recorded in the same transaction. A stream
 * already over is 409 (a second stop); a plane that does not answer is 503 and the stream goes on.
 */
export async function stopStream(
  db: Db,
  audit: AuditContext,
  roomRef: string,
  streamId: string,
): Promise<StreamDto> {
  const row = await findStream(db, audit.orgId, roomRef, streamId);
  if (row.state === "ended" || row.state === "failed") {
    throw new ApiError("conflict", `The stream has already stopped (it is ${row.state}).`);
  }
  const plane = mediaPlane();
  const node = row.mediaNode;
  if (plane && node && plane.nodes.includes(node)) {
    try {
      // The keys are not needed to stop: the plane stops by id and handle.
      await plane.stopStream(node, { streamId: row.id, roomId: row.roomId, ref: row.mediaRef, outputs: [] });
    } catch (err) {
      if (err instanceof MediaNodeUnavailable) noteNodeHealth(node, false);
      log.warn("the media plane did not stop a stream", {
        stream_id: row.id,
        node,
        error: err instanceof Error ? err.message : String(err),
      });
      throw new ApiError("service_unavailable", "The room's media node did not stop the stream; try again.", {
        headers: { "retry-after": "5" },
      });
    }
  }
  const ended = await transactionWithJobs(db, async (tx) => {
    const [locked] = await tx.select().from(streams).where(eq(streams.id, row.id)).for("update");
    if (!locked) throw streamNotFound();
    if (locked.state === "ended" || locked.state === "failed") {
      throw new ApiError("conflict", `The stream has already stopped (it is ${locked.state}).`);
    }
    await recordAudit(tx, audit, {
      action: "stream.stop_requested",
      target: { type: "stream", id: row.id },
      metadata: { room_id: row.roomId, project_id: row.projectId },
    });
    return endStream(tx, locked, new Date());
  });
  return serializeStream(ended);
}
