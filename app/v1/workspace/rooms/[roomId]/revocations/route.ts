import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { revokeRoomTokens } from "@/lib/media/moderation/revoke-room-tokens";
import { implement } from "@/lib/routes/implement";
import { revokeRoomTokensContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(revokeRoomTokensContract)<Params>(async ({ req, db, member, params, body }) => ({
    status: 201,
    body: await revokeRoomTokens(db, memberAuditContext(req, member), params.roomId, body),
  })),
});
