import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { clearSessionCookieHeader } from "@/lib/auth/session";
import { methods, workspace } from "@/lib/http/handler";
import { noContent } from "@/lib/http/response";
import { endUserSessions } from "@/lib/sessions/end-sessions";

export const dynamic = "force-dynamic";

/** Ends every session of the caller, this one included (every device, cookie or Bearer). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: workspace(null, async ({ req, db, member }) => {
    await audited(
      db,
      memberAuditContext(req, member),
      (tx) => endUserSessions(tx, member.userId),
      (ended) => ({
        action: "auth.signed_out_everywhere",
        target: { type: "user", id: member.userId },
        metadata: { sessions: ended },
      }),
    );
    return noContent({ "set-cookie": clearSessionCookieHeader() });
  }),
});
