import { memberAuditContext } from "@/lib/audit/record-audit";
import { methods } from "@/lib/http/handler";
import { endMemberSessions } from "@/lib/members/end-member-sessions";
import { implement } from "@/lib/routes/implement";
import { endMemberSessionsContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods<{ userId: string }>({
  DELETE: implement(endMemberSessionsContract)<{ userId: string }>(async ({ req, db, member, params }) => {
    await endMemberSessions(db, memberAuditContext(req, member), member, params.userId);
    return { status: 204 };
  }),
});
