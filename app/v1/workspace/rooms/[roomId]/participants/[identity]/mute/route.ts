import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { muteParticipant } from "@/lib/media/moderation/moderate-participant";
import { implement } from "@/lib/routes/implement";
import { muteParticipantContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string; identity: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(muteParticipantContract)<Params>(async ({ req, db, member, params, body }) => ({
    status: 200,
    body: await muteParticipant(db, memberAuditContext(req, member), params.roomId, params.identity, body),
  })),
});
