import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { clearSessionCookieHeader } from "@/lib/auth/session";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { endUserSessions } from "@/lib/sessions/end-sessions";
import { signOutEverywhereContract } from "./contract";

export const dynamic = "force-dynamic";

/** Ends every session of the caller, this one included (every device, cookie or Bearer). */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(signOutEverywhereContract)(async ({ req, db, member }) => {
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
    return { status: 204, headers: { "set-cookie": clearSessionCookieHeader() } };
  }),
});
