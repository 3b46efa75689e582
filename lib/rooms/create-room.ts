import { and, eq } from "drizzle-orm";
import { projects, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db-errors";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { requireValidLicense } from "@/lib/licenses/license-gate";
import type { CreateRoomInput } from "@/lib/rooms/create-room-schema";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { serializeRoom } from "@/lib/rooms/serialize-room";
import { newShortCode } from "@/lib/rooms/short-code";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

/**
 * Creates a room and its `room.created` event in one transaction (the outbox); the event's
 * deliveries are dispatched when it commits.
 */
export async function createRoom(db: Db, orgId: string, input: CreateRoomInput): Promise<RoomDto> {
  // self_host with an invalid licence: no new rooms (docs/decisions/1277).
  requireValidLicense();
  for (let attempt = 0; ; attempt++) {
    const shortCode = newShortCode();
    try {
      return await transactionWithJobs(db, async (tx) => {
        const [project] = await tx
          .select({ id: projects.id })
          .from(projects)
          .where(and(eq(projects.id, input.project_id), eq(projects.orgId, orgId)))
          .limit(1);
        if (!project) throw new ApiError("not_found", "No such project in this organisation.");
        const [row] = await tx
          .insert(rooms)
          .values({
            id: newId("room"),
            orgId,
            projectId: project.id,
            name: input.name || shortCode,
            type: input.type,
            record: input.record,
            shortCode,
          })
          .returning();
        if (!row) throw new Error("insert returned no row");
        const dto = serializeRoom(row);
        await recordEvent(tx, {
          type: "room.created",
          orgId,
          projectId: project.id,
          object: dto,
        });
        return dto;
      });
    } catch (err) {
      // A short-code collision (1 in 4e13 per pair) just draws again.
      if (attempt < 3 && isUniqueViolation(err, "rooms_short_code_key")) continue;
      throw err;
    }
  }
}
