import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { banIdentity } from "@/lib/media/moderation/ban-identity";
import { updateParticipantRole } from "@/lib/media/moderation/moderate-participant";
import { removeParticipant } from "@/lib/media/remove-participant";
import { recordParticipantRemoval } from "@/lib/rooms/record-participant-removal";
import { implement } from "@/lib/routes/implement";
import { removeParticipantContract, updateParticipantContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string; identity: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  DELETE: implement(removeParticipantContract)<Params>(async ({ req, db, member, params, query }) => {
    const audit = memberAuditContext(req, member);
    const banned = query.ban === "true" || query.ban_seconds !== undefined;
    const body = banned
      ? await banIdentity(
          db,
          audit,
          params.roomId,
          params.identity,
          query.ban_seconds !== undefined ? new Date(Date.now() + query.ban_seconds * 1000) : null,
        )
      : await removeParticipant(db, audit, params.roomId, params.identity);
    // The room is the member's (both found it in their org or answered 404).
    if (body.removed > 0) await recordParticipantRemoval(db, params.roomId, params.identity);
    return { status: 200, body };
  }),
  PATCH: implement(updateParticipantContract)<Params>(async ({ req, db, member, params, body }) => ({
    status: 200,
    body: await updateParticipantRole(
      db,
      memberAuditContext(req, member),
      params.roomId,
      params.identity,
      body.role,
    ),
  })),
});
