import { methods } from "@/lib/http/handler";
import { createRoom } from "@/lib/rooms/create-room";
import { listRooms } from "@/lib/rooms/list-rooms";
import { implement } from "@/lib/routes/implement";
import { createRoomContract, listRoomsContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods({
  GET: implement(listRoomsContract)(async ({ db, member, query }) => ({
    status: 200,
    body: await listRooms(db, member.orgId, query),
  })),
  POST: implement(createRoomContract)(async ({ db, member, body }) => ({
    status: 201,
    body: await createRoom(db, member.orgId, body),
  })),
});
