import { eq } from "drizzle-orm";
import { recordings } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { findRecording } from "@/lib/recordings/find-recording";
import { recordingObjectsToDelete } from "@/lib/recordings/recording-object";
import { deleteDueObjects, keysNoOtherRowUses, queueObjectDeletions } from "@/lib/storage/object-deletions";

/**
 * DELETE /v1/workspace/recordings/:id (docs/decisions/0920): the row goes and its objects (the
 * recording's own prefix, keys the service derives: docs/decisions/1245; none another row points
 * at) are queued for deletion in one transaction with the audit entry; they are then deleted at once,
 * so a download link minted before finds nothing. Should storage fail now, the queued deletion is
 * retried by the `delete-stored-objects` job, across restarts. Any state may be deleted.
 */
export async function deleteRecording(db: Db, audit: AuditContext, id: string): Promise<void> {
  const queued = await transactionWithJobs(db, async (tx) => {
    const row = await findRecording(tx, audit.orgId, id, { lock: true });
    const keys = await keysNoOtherRowUses(tx, recordingObjectsToDelete(row), { recordingId: row.id });
    const ids = await queueObjectDeletions(tx, audit.orgId, keys);
    await tx.delete(recordings).where(eq(recordings.id, row.id));
    await recordAudit(tx, audit, {
      action: "recording.deleted",
      target: { type: "recording", id: row.id },
      metadata: { room_id: row.roomId, project_id: row.projectId, state: row.state },
    });
    return ids;
  });
  if (queued.length === 0) return;
  try {
    await deleteDueObjects(db, new Date(), queued);
  } catch (err) {
    log.warn("deleting a recording's object failed; the job will retry", { recording: id, err });
  }
}
