import { z } from "zod";
import { pageQuery } from "@/lib/pagination";
import { ROOM_STATES } from "@/lib/rooms/room-types";

/** Query of GET /v1/workspace/rooms. The create body is in lib/rooms/create-room-schema.ts. */
export const listRoomsQuery = pageQuery.extend({
  project_id: z.string().min(1).max(64).optional(),
  state: z.enum(ROOM_STATES, { error: "state must be one of created, active, ended" }).optional(),
});
export type ListRoomsQuery = z.output<typeof listRoomsQuery>;
