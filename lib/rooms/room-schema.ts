import { z } from "zod";
import { pageQuery } from "@/lib/pagination";
import { ROOM_RECORD_MODES, ROOM_STATES, ROOM_TYPES, roomRecordInput } from "@/lib/rooms/room-types";
import { prefixedId, timestamp } from "@/lib/wire";

/** A room as the API answers it; `RoomDto` is inferred from it, so the serializer cannot drift. */
export const roomSchema = z
  .object({
    id: prefixedId("rm_"),
    name: z.string(),
    type: z.enum(ROOM_TYPES),
    state: z.enum(ROOM_STATES),
    project_id: prefixedId("prj_"),
    short_code: z.string(),
    created_at: timestamp,
    // Optional in the schema only so event bodies recorded before it existed still parse; every
    // answer and new event carries it.
    record: z.enum(ROOM_RECORD_MODES).optional().meta({
      description:
        "Recording: `off`, `manual` (the default) or `auto` (from the first join); always present in answers. Extension.",
    }),
  })
  .meta({ id: "Room" });
export type RoomDto = z.output<typeof roomSchema>;

/** A room in GET /v1/workspace/rooms: the room and who is in it now (issue 38). */
export const roomListItemSchema = roomSchema
  .extend({
    active_participants: z
      .number()
      .int()
      .meta({ description: "Participants in the room now, as the media plane reports them." }),
  })
  .meta({ id: "RoomListItem" });
export type RoomListItemDto = z.output<typeof roomListItemSchema>;

/** Query of GET /v1/workspace/rooms. The create body is in lib/rooms/create-room-schema.ts. */
export const listRoomsQuery = pageQuery.extend({
  project_id: z.string().min(1).max(64).optional(),
  state: z.enum(ROOM_STATES, { error: "state must be one of created, active, ended" }).optional(),
  q: z.string().trim().max(200, "q must be at most 200 characters").optional().meta({
    description:
      "Search: rooms whose name starts with it (any case), or whose share code or id it is (docs/decisions/1072).",
  }),
});
export type ListRoomsQuery = z.output<typeof listRoomsQuery>;

/** Body of PATCH /v1/workspace/rooms/:id: a new name, a new record option, or both. */
export const updateRoomBody = z
  .object({
    name: z
      .string({ error: "name must be 1 to 200 characters" })
      .trim()
      .min(1, "name must be 1 to 200 characters")
      .max(200, "name must be 1 to 200 characters")
      .optional(),
    record: roomRecordInput.optional(),
  })
  .refine((b) => b.name !== undefined || b.record !== undefined, {
    message: "send name, record or both",
    path: ["name"],
  });
export type UpdateRoomInput = z.output<typeof updateRoomBody>;
