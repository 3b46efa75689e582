import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { applyMediaReport } from "@/lib/media/ingest-media-report";
import type { AgentReport } from "@/lib/recordings/recorder-schema";
import { agentObjectKey, findAgentRecording } from "@/lib/recordings/recording-for-agent";
import { recordingPlaylistKey } from "@/lib/recordings/recording-object";
import { objectSize } from "@/lib/storage/head-object";

/**
 * POST /v1/internal/recorder/reports (docs/decisions/1082): an agent's report goes through the same
 * domain code as every media report (lib/media/ingest-media-report.ts: dedupe, state, outbox,
 * timeline), under the agent's own id namespace. A repeated id (an agent that restarted and
 * reports again) is accepted and changes nothing. `completed` names no key: the file is where the
 * upload link put it (the key the service derives), and the service checks it is there with the
 * size reported; `ready` is accepted once the HLS playlist is stored (docs/decisions/1247).
 */
export async function applyAgentReport(db: Db, report: AgentReport): Promise<{ duplicate: boolean }> {
  const row = await findAgentRecording(db, report.recording_id);
  const key = agentObjectKey(row);
  if (report.type === "recording.completed") {
    const stored = await objectSize(key);
    if (stored === undefined) throw new ApiError("conflict", "The recording's file has not been uploaded.");
    if (stored !== report.size_bytes) {
      throw new ApiError(
        "conflict",
        `The stored file has ${stored} bytes, not ${report.size_bytes}: upload it again.`,
      );
    }
  }
  if (report.type === "recording.ready" && (await objectSize(recordingPlaylistKey(row))) === undefined)
    throw new ApiError("conflict", "The recording's HLS rendition has not been uploaded.");
  return transactionWithJobs(db, (tx) =>
    applyMediaReport(tx, {
      id: `recorder:${report.id}`,
      type: report.type,
      room_id: row.roomId,
      occurred_at: report.occurred_at,
      recording: {
        id: row.id,
        ...(report.type === "recording.completed"
          ? { object_key: key, duration_sec: report.duration_sec, size_bytes: report.size_bytes }
          : {}),
        ...(report.type === "recording.started" && report.occurred_at
          ? { started_at: report.occurred_at }
          : {}),
        ...(report.reason ? { reason: report.reason } : {}),
      },
    }),
  );
}
