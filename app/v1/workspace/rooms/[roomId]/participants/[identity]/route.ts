import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { removeParticipant } from "@/lib/media/remove-participant";
import { implement } from "@/lib/routes/implement";
import { removeParticipantContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string; identity: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  DELETE: implement(removeParticipantContract)<Params>(async ({ req, db, member, params }) => ({
    status: 200,
    body: await removeParticipant(db, memberAuditContext(req, member), params.roomId, params.identity),
  })),
});
