import { and, eq, isNull, ne } from "drizzle-orm";
import { apiKeys, projects, recordings, rooms, webhookEndpoints } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";
import { findProject } from "@/lib/projects/find-project";
import { recordingObjectsToDelete } from "@/lib/recordings/recording-object";
import { endRoom } from "@/lib/rooms/mark-room-ended";
import { keysNoOtherRowUses, queueObjectDeletions } from "@/lib/storage/object-deletions";

export interface ProjectDeletion {
  projectId: string;
  apiKeys: number;
  webhooks: number;
  roomsEnded: number;
  recordings: number;
}

/**
 * DELETE /v1/workspace/projects/:id (docs/decisions/0920), one transaction with its audit entry:
 * the project's webhook endpoints go first, so the `room.ended` of each room it ends reaches only
 * org-wide endpoints; then its stored objects are queued for the `delete-stored-objects` job, and
 * the project row is deleted, which removes its API keys (authentication no longer finds them),
 * rooms, recordings and invitations with it and frees its slug. The project row is locked first,
 * so a second deletion waits and then answers 404.
 */
export async function deleteProject(
  db: Db,
  audit: AuditContext,
  projectId: string,
): Promise<ProjectDeletion> {
  const deleted = await transactionWithJobs(db, async (tx) => {
    const project = await findProject(tx, audit.orgId, projectId, { lock: true });
    const webhooks = await tx
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.orgId, audit.orgId), eq(webhookEndpoints.projectId, project.id)))
      .returning({ id: webhookEndpoints.id });
    // rooms_project_created_idx; locked so a concurrent media report cannot end one twice.
    const open = await tx
      .select()
      .from(rooms)
      .where(and(eq(rooms.projectId, project.id), ne(rooms.state, "ended")))
      .for("update");
    const now = new Date();
    for (const room of open) await endRoom(tx, room, now);
    // recordings_project_state_started_idx: every recording of the project, whatever its state.
    const recs = await tx
      .select({
        id: recordings.id,
        orgId: recordings.orgId,
        roomId: recordings.roomId,
        objectKey: recordings.objectKey,
      })
      .from(recordings)
      .where(eq(recordings.projectId, project.id));
    // Only keys the service derives for these recordings, none another row points at (1245).
    const objects = await keysNoOtherRowUses(tx, recs.flatMap(recordingObjectsToDelete), {
      projectId: project.id,
    });
    await queueObjectDeletions(tx, audit.orgId, objects);
    const keys = await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.projectId, project.id), isNull(apiKeys.revokedAt)));
    await tx.delete(projects).where(eq(projects.id, project.id));
    const result: ProjectDeletion = {
      projectId: project.id,
      apiKeys: keys.length,
      webhooks: webhooks.length,
      roomsEnded: open.length,
      recordings: recs.length,
    };
    await recordAudit(tx, audit, {
      action: "project.deleted",
      target: { type: "project", id: project.id },
      metadata: {
        name: project.name,
        slug: project.slug,
        keys_revoked: result.apiKeys,
        webhooks_removed: result.webhooks,
        rooms_ended: result.roomsEnded,
        recordings_deleted: result.recordings,
      },
    });
    return result;
  });
  // Its keys and rooms are gone from every instance's principal cache before the caller hears so.
  await settlePrincipalWrites(db);
  return deleted;
}
