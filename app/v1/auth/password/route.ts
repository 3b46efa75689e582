import { changePasswordBody } from "@/lib/accounts/account-schemas";
import { changePassword } from "@/lib/accounts/change-password";
import { memberAuditContext, recordAudit } from "@/lib/audit/record-audit";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { noContent } from "@/lib/http/response";

export const dynamic = "force-dynamic";

/** Changes the caller's password; their other sessions end, this one continues. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: workspace(null, async ({ req, db, member }) => {
    await changePassword(db, member, await parseBody(req, changePasswordBody));
    await recordAudit(db, memberAuditContext(req, member), {
      action: "auth.password_changed",
      target: { type: "user", id: member.userId },
    });
    return noContent();
  }),
});
