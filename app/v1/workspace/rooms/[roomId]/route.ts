import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { getRoom } from "@/lib/rooms/get-room";
import { updateRoom } from "@/lib/rooms/update-room";
import { implement } from "@/lib/routes/implement";
import { getRoomContract, updateRoomContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getRoomContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: await getRoom(db, member.orgId, params.roomId),
  })),
  PATCH: implement(updateRoomContract)<Params>(async ({ req, db, member, params, body }) => ({
    status: 200,
    body: await updateRoom(db, memberAuditContext(req, member), params.roomId, body),
  })),
});
