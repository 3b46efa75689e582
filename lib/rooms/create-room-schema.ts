import { z } from "zod";
import { roomRecordInput, roomTypeInput } from "@/lib/rooms/room-types";

/**
 * Body of POST /v1/workspace/rooms; the console's "New room" form validates with it too. Kept apart
 * from the list query (lib/rooms/room-schema.ts pulls in lib/pagination, and with it drizzle) so
 * the browser bundle stays small.
 */
export const createRoomBody = z.object({
  project_id: z.string({ error: "project_id is required" }).min(1, "project_id is required").max(64),
  name: z
    .string({ error: "name must be a string" })
    .trim()
    .max(200, "name must be at most 200 characters")
    .optional(),
  type: roomTypeInput.default("meeting"),
  record: roomRecordInput.default("manual"),
});
export type CreateRoomInput = z.output<typeof createRoomBody>;
