import { z } from "zod";
import { pageQuery } from "@/lib/pagination";
import { ROOM_STATES, roomTypeInput } from "@/lib/rooms/room-types";

export const createRoomBody = z.object({
  project_id: z.string({ error: "project_id is required" }).min(1, "project_id is required").max(64),
  name: z
    .string({ error: "name must be a string" })
    .trim()
    .max(200, "name must be at most 200 characters")
    .optional(),
  type: roomTypeInput.default("meeting"),
});
export type CreateRoomInput = z.output<typeof createRoomBody>;

export const listRoomsQuery = pageQuery.extend({
  project_id: z.string().min(1).max(64).optional(),
  state: z.enum(ROOM_STATES, { error: "state must be one of created, active, ended" }).optional(),
});
export type ListRoomsQuery = z.output<typeof listRoomsQuery>;
