import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { decideKnock } from "@/lib/rooms/decide-knock";
import { implement } from "@/lib/routes/implement";
import { denyGuestContract } from "./contract";

export const dynamic = "force-dynamic";

type Params = { roomId: string; knockId: string };

export const { GET, POST, PUT, PATCH, DELETE } = methods<Params>({
  POST: implement(denyGuestContract)<Params>(async ({ req, db, member, params }) => ({
    status: 200,
    body: await decideKnock(db, memberAuditContext(req, member), params.roomId, params.knockId, "denied"),
  })),
});
