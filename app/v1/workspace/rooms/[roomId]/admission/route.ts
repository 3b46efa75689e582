import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { getRoomAdmission, updateRoomAdmission } from "@/lib/rooms/room-admission";
import { implement } from "@/lib/routes/implement";
import { getRoomAdmissionContract, updateRoomAdmissionContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  GET: implement(getRoomAdmissionContract)<Params>(async ({ db, member, params }) => ({
    status: 200,
    body: await getRoomAdmission(db, member.orgId, params.roomId),
  })),
  PATCH: implement(updateRoomAdmissionContract)<Params>(async ({ req, db, member, params, body }) => ({
    status: 200,
    body: await updateRoomAdmission(db, memberAuditContext(req, member), params.roomId, body),
  })),
});
