import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { closeMediaRoom } from "@/lib/media/close-room";
import { endRoomByHost } from "@/lib/rooms/end-room";
import { implement } from "@/lib/routes/implement";
import { endRoomContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(endRoomContract)<Params>(async ({ req, db, member, params }) => {
    const room = await endRoomByHost(db, memberAuditContext(req, member), params.roomId);
    // Everyone in it is removed from the media plane; a node that is down does not fail the end.
    await closeMediaRoom(db, room.id);
    return { status: 200, body: room };
  }),
});
