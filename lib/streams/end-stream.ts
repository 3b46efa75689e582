import { and, eq, inArray } from "drizzle-orm";
import { type StoredStreamOutput, streams } from "@/db/schema";
import type { JobTx } from "@/lib/jobs/transaction";
import { serializeStream } from "@/lib/streams/serialize-stream";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

type StreamRow = typeof streams.$inferSelect;

const endOutputs = (outputs: StoredStreamOutput[]): StoredStreamOutput[] =>
  outputs.map((o) => (o.state === "failed" ? o : { ...o, state: "ended" }));

/**
 * Ends a running stream in the caller's transaction and records `stream.ended` with it (the
 * outbox): a stop the plane took, its room ending, or the agent saying its media ended. A stream
 * already over changes nothing, so the event is recorded once, whoever ends it first.
 */
export async function endStream(tx: JobTx, row: StreamRow, at: Date): Promise<StreamRow> {
  if (row.state === "ended" || row.state === "failed") return row;
  const [ended] = await tx
    .update(streams)
    .set({ state: "ended", endedAt: at, stoppedAt: row.stoppedAt ?? at, outputs: endOutputs(row.outputs) })
    .where(and(eq(streams.id, row.id), inArray(streams.state, ["starting", "live"])))
    .returning();
  if (!ended) return row;
  await recordEvent(tx, {
    type: "stream.ended",
    orgId: ended.orgId,
    projectId: ended.projectId,
    object: { ...serializeStream(ended), state: "ended" },
  });
  return ended;
}

/**
 * A stream outlives neither its room (issue 45): called by endRoom (lib/rooms/mark-room-ended.ts)
 * in the room's transaction. The streamer agent sees the stream over on its next look and stops.
 */
export async function endRoomStreams(tx: JobTx, roomId: string, at: Date): Promise<void> {
  // streams_room_created_idx
  const running = await tx
    .select()
    .from(streams)
    .where(and(eq(streams.roomId, roomId), inArray(streams.state, ["starting", "live"])))
    .for("update");
  for (const row of running) await endStream(tx, row, at);
}
