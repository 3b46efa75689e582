import { eq } from "drizzle-orm";
import { streams } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import { endStream } from "@/lib/streams/end-stream";
import { serializeStream } from "@/lib/streams/serialize-stream";
import type { StreamerReport } from "@/lib/streams/streamer-schema";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

type StreamRow = typeof streams.$inferSelect;

const streamGone = () => new ApiError("not_found", "No such stream.");

/** A move of one stream: the agent's report, or a plane's (then `output` may be absent). */
export interface StreamMove {
  type: StreamerReport["type"];
  /** stream.failed: the output that failed; absent: the whole stream failed (a plane's report). */
  output?: number | undefined;
  reason?: string | undefined;
}

/**
 * POST /v1/internal/streamer/reports (issue 45): a streamer agent's report moves the stream,
 * under its row lock, and records the event with the change (moveStream).
 */
export async function applyStreamerReport(db: Db, report: StreamerReport): Promise<{ changed: boolean }> {
  return transactionWithJobs(db, async (tx) => {
    const [row] = await tx.select().from(streams).where(eq(streams.id, report.stream_id)).for("update");
    if (!row) throw streamGone();
    return moveStream(tx, row, report, new Date());
  });
}

/**
 * One move of a stream whose row the caller locked, in its transaction. Each move applies from
 * one state only, so a repeated report (an agent that retried after a lost answer, a plane's
 * redelivered webhook) changes nothing:
 * - `stream.started`: `starting` → `live` (every pending output goes live), `stream.started`;
 * - `stream.failed` with `output` i: that output fails — once; `stream.failed` is recorded, and
 *   the stream is `failed` when no output is left. Nothing restarts it (no retry loop);
 * - `stream.failed` without `output` (the plane's whole stream failed): every output still
 *   running fails with the reason, the stream is `failed` with it, `stream.failed` once;
 * - `stream.ended`: the media ended on the node's side (the publisher left, the egress
 *   completed): `stream.ended`.
 */
export async function moveStream(
  tx: JobTx,
  row: StreamRow,
  report: StreamMove,
  now: Date,
): Promise<{ changed: boolean }> {
  switch (report.type) {
    case "stream.started": {
      if (row.state !== "starting") return { changed: false };
      const [live] = await tx
        .update(streams)
        .set({
          state: "live",
          startedAt: now,
          outputs: row.outputs.map((o) => (o.state === "pending" ? { ...o, state: "live" as const } : o)),
        })
        .where(eq(streams.id, row.id))
        .returning();
      if (!live) throw streamGone();
      await recordEvent(tx, {
        type: "stream.started",
        orgId: live.orgId,
        projectId: live.projectId,
        object: { ...serializeStream(live), state: "live" },
      });
      return { changed: true };
    }
    case "stream.failed": {
      if (row.state === "ended" || row.state === "failed") return { changed: false };
      const reason = report.reason ?? "failed";
      const whole = report.output === undefined;
      const i = report.output ?? -1;
      const target = row.outputs[i];
      if (!whole && !target) throw new ApiError("not_found", `The stream has no output ${i}.`);
      if (target?.state === "failed") return { changed: false };
      const outputs = row.outputs.map((o, j) =>
        (whole && o.state !== "failed") || j === i
          ? { ...o, state: "failed" as const, failureReason: reason }
          : o,
      );
      const allFailed = outputs.every((o) => o.state === "failed");
      const [failed] = await tx
        .update(streams)
        .set({
          outputs,
          ...(allFailed
            ? {
                state: "failed" as const,
                endedAt: now,
                failureReason: whole ? reason : "every output failed",
              }
            : {}),
        })
        .where(eq(streams.id, row.id))
        .returning();
      if (!failed) throw streamGone();
      const dto = serializeStream(failed);
      await recordEvent(tx, {
        type: "stream.failed",
        orgId: failed.orgId,
        projectId: failed.projectId,
        object: { ...dto, state: failed.state === "ended" ? "failed" : failed.state },
      });
      return { changed: true };
    }
    case "stream.ended": {
      const before = row.state;
      await endStream(tx, row, now);
      return { changed: before === "starting" || before === "live" };
    }
  }
}
