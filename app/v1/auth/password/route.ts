import { changePassword } from "@/lib/accounts/change-password";
import { memberAuditContext, recordAudit } from "@/lib/audit/record-audit";
import { clientIp } from "@/lib/http/client-ip";
import { methods } from "@/lib/http/handler";
import { implement } from "@/lib/routes/implement";
import { changePasswordContract } from "./contract";

export const dynamic = "force-dynamic";

/** Changes the caller's password; their other sessions end, this one continues. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(changePasswordContract)(async ({ req, db, member, body }) => {
    await changePassword(db, member, body, clientIp(req));
    await recordAudit(db, memberAuditContext(req, member), {
      action: "auth.password_changed",
      target: { type: "user", id: member.userId },
    });
    return { status: 204 };
  }),
});
