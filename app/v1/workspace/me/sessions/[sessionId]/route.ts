import { memberAuditContext } from "@/lib/audit/record-audit";
import { clearSessionCookieHeader } from "@/lib/auth/session";
import { methods } from "@/lib/http/handler";
import { endOwnSession } from "@/lib/members/end-member-sessions";
import { implement } from "@/lib/routes/implement";
import { endMySessionContract } from "./contract";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = methods<{ sessionId: string }>({
  DELETE: implement(endMySessionContract)<{ sessionId: string }>(async ({ req, db, member, params }) => {
    await endOwnSession(db, memberAuditContext(req, member), member.userId, params.sessionId);
    // Ending this very session signs this client out, as logout does.
    if (params.sessionId === member.sessionId) {
      return { status: 204, headers: { "set-cookie": clearSessionCookieHeader() } };
    }
    return { status: 204 };
  }),
});
