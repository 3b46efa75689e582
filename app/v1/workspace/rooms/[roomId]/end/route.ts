import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { endRoomByHost } from "@/lib/rooms/end-room";
import { implement } from "@/lib/routes/implement";
import { endRoomContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(endRoomContract)<Params>(async ({ req, db, member, params }) => ({
    status: 200,
    body: await endRoomByHost(db, memberAuditContext(req, member), params.roomId),
  })),
});
