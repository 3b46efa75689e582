import { and, eq, inArray } from "drizzle-orm";
import { rooms, type StoredStreamOutput, streams } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import { encryptSecret } from "@/lib/crypto/secret-box";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, validationError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log/logger";
import { mediaPlane } from "@/lib/media/media-plane";
import { noteNodeHealth } from "@/lib/media/place-room";
import {
  MediaNodeUnavailable,
  MediaRecordingUnavailable,
  type MediaStreamOutput,
  MediaStreamRefused,
} from "@/lib/media/plane";
import { findRoom } from "@/lib/rooms/find-room";
import { roomNotFound } from "@/lib/rooms/get-room";
import { serializeStream } from "@/lib/streams/serialize-stream";
import { streamHlsPrefix } from "@/lib/streams/stream-object";
import { rtmpUrlProblem, type StartStreamBody, type StreamDto } from "@/lib/streams/stream-schema";

/** A stream that has not ended: at most one per room. */
export const RUNNING = ["starting", "live"] as const;

/**
 * POST /v1/workspace/rooms/:id/streams (issue 45, docs/streaming.md): the row first, in state
 * `starting`, under the room's lock (of two starts one wins, the other finds it: 409), then the
 * room's media plane is asked, outside the transaction, with the RTMP keys as the caller sent
 * them (stored only sealed). `stream.started` is emitted when the plane confirms (its agent's
 * report), never here. A plane that refuses (nobody publishes yet, no streamer beside the node)
 * leaves the row `failed` and the caller a 409; one that does not answer, a 503.
 */
export async function startStream(
  db: Db,
  audit: AuditContext,
  roomRef: string,
  body: StartStreamBody,
): Promise<StreamDto> {
  const cloud = env.SVC_DEPLOYMENT_MODE === "cloud";
  const problems = body.outputs.flatMap((o, i) => {
    const p = o.kind === "rtmp" ? rtmpUrlProblem(o.url, cloud) : undefined;
    return p ? [{ path: `outputs.${i}.url`, message: p }] : [];
  });
  if (problems.length > 0) throw validationError(problems);

  const plane = mediaPlane();
  const { row, node } = await db.transaction(async (tx) => {
    const found = await findRoom(tx, roomRef, { orgId: audit.orgId });
    if (!found) throw roomNotFound();
    const [room] = await tx.select().from(rooms).where(eq(rooms.id, found.id)).for("update");
    if (!room) throw roomNotFound();
    if (room.state === "ended") throw new ApiError("room_ended", "The room has ended: nothing to stream.");
    if (room.state !== "active") {
      throw new ApiError("conflict", "Nobody is in the room yet: a stream starts once someone publishes.");
    }
    if (!plane || !room.mediaNode || !plane.nodes.includes(room.mediaNode)) {
      throw new ApiError("conflict", "No media plane holds this room, so nothing can stream it.");
    }
    // streams_room_created_idx
    const [running] = await tx
      .select({ id: streams.id })
      .from(streams)
      .where(and(eq(streams.roomId, room.id), inArray(streams.state, [...RUNNING])))
      .limit(1);
    if (running) throw new ApiError("conflict", `The room is already streaming (${running.id}).`);
    const outputs: StoredStreamOutput[] = body.outputs.map((o) =>
      o.kind === "hls"
        ? { kind: "hls", state: "pending" }
        : { kind: "rtmp", url: o.url, keyCiphertext: encryptSecret(o.stream_key), state: "pending" },
    );
    const [row] = await tx
      .insert(streams)
      .values({
        id: newId("stream"),
        orgId: room.orgId,
        projectId: room.projectId,
        roomId: room.id,
        state: "starting",
        outputs,
        mediaNode: room.mediaNode,
      })
      .returning();
    if (!row) throw new Error("insert returned no row");
    await recordAudit(tx, audit, {
      action: "stream.start_requested",
      target: { type: "stream", id: row.id },
      // The kinds only: URLs may carry a customer's path, keys never leave the row.
      metadata: { room_id: room.id, project_id: room.projectId, outputs: body.outputs.map((o) => o.kind) },
    });
    return { row, node: room.mediaNode };
  });

  const spec = {
    streamId: row.id,
    roomId: row.roomId,
    outputs: body.outputs.map(
      (o): MediaStreamOutput =>
        o.kind === "hls"
          ? { kind: "hls", objectPrefix: streamHlsPrefix(row) }
          : { kind: "rtmp", url: o.url, streamKey: o.stream_key },
    ),
  };
  try {
    if (!plane) throw new Error("no media plane");
    const { ref } = await plane.startStream(node, spec);
    if (ref) await db.update(streams).set({ mediaRef: ref }).where(eq(streams.id, row.id));
    return serializeStream({ ...row, mediaRef: ref });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (err instanceof MediaNodeUnavailable) noteNodeHealth(node, false);
    log.warn("the media plane did not start a stream", { stream_id: row.id, node, error: reason });
    await db
      .update(streams)
      .set({
        state: "failed",
        endedAt: new Date(),
        failureReason: `the media plane did not start it: ${reason}`.slice(0, 500),
        outputs: row.outputs.map((o) => ({ ...o, state: "failed" as const })),
      })
      .where(and(eq(streams.id, row.id), eq(streams.state, "starting")));
    if (err instanceof MediaStreamRefused || err instanceof MediaRecordingUnavailable) {
      throw new ApiError("conflict", err.message);
    }
    throw new ApiError("service_unavailable", "The room's media node did not start the stream; try again.", {
      headers: { "retry-after": "5" },
    });
  }
}
