import { requirePlan } from "@/lib/billing/require-plan";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody, parseQuery } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { createRoom } from "@/lib/rooms/create-room";
import { createRoomBody } from "@/lib/rooms/create-room-schema";
import { listRooms } from "@/lib/rooms/list-rooms";
import { listRoomsQuery } from "@/lib/rooms/room-schema";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: workspace("rooms:read", async ({ req, db, member }) =>
    json(200, await listRooms(db, member.orgId, parseQuery(req, listRoomsQuery))),
  ),
  POST: workspace("rooms:create", async ({ req, db, member }) => {
    requirePlan(member);
    const room = await createRoom(db, member.orgId, await parseBody(req, createRoomBody));
    return json(201, room);
  }),
});
