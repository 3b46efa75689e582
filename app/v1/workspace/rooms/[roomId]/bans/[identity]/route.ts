import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { liftBan } from "@/lib/media/moderation/ban-identity";
import { implement } from "@/lib/routes/implement";
import { liftBanContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string; identity: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  DELETE: implement(liftBanContract)<Params>(async ({ req, db, member, params }) => {
    await liftBan(db, memberAuditContext(req, member), params.roomId, params.identity);
    return { status: 204 };
  }),
});
