import { eq } from "drizzle-orm";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { applyPlaneStreamReport } from "@/lib/streams/apply-plane-stream-report";
import type { PlaneStreamReport } from "@/lib/streams/plane-stream-report";

/**
 * One plane's stream report (LiveKit's egress of a stream) in its own transaction with the
 * intake request's progress (lib/media/apply-intake.ts), under the pipeline's rules: a report
 * about a room not placed on the sending node is ignored; one that names no stream of that room
 * (an egress the service did not start, another room's stream) changes nothing and is not
 * retried. The domain decides the move (lib/streams/apply-plane-stream-report.ts).
 */
export async function applyStreamItem(
  db: Db,
  node: string,
  report: PlaneStreamReport,
  progress: (tx: JobTx) => Promise<void>,
): Promise<"applied" | "unchanged" | "ignored"> {
  return transactionWithJobs(db, async (tx) => {
    const [room] = await tx.select({ node: rooms.mediaNode }).from(rooms).where(eq(rooms.id, report.room_id));
    let outcome: "applied" | "unchanged" | "ignored" = "unchanged";
    if (room && node !== "" && room.node !== node) outcome = "ignored";
    else if (room) {
      const r = await applyPlaneStreamReport(tx, report, new Date());
      if (!r.matched) log.warn("a plane's stream report matched no stream", { room_id: report.room_id });
      outcome = r.changed ? "applied" : "unchanged";
    }
    await progress(tx);
    return outcome;
  });
}
