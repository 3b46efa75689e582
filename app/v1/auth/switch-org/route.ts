import { switchOrgBody } from "@/lib/accounts/account-schemas";
import { memberAuditContext, recordAudit } from "@/lib/audit/record-audit";
import { sessionCookieHeader } from "@/lib/auth/session";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { toIdentity } from "@/lib/identity/load-member";
import { switchOrg } from "@/lib/sessions/switch-org";

export const dynamic = "force-dynamic";

/** Moves the caller's session to another of their orgs: 200 Identity (as /me) and a fresh cookie. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: workspace(null, async ({ req, db, member }) => {
    const { org_id } = await parseBody(req, switchOrgBody);
    const switched = await switchOrg(db, member, org_id);
    await recordAudit(db, memberAuditContext(req, switched.member), {
      action: "auth.org_switched",
      target: { type: "org", id: org_id },
      metadata: { from: member.orgId },
    });
    return json(200, toIdentity(switched.member), { "set-cookie": sessionCookieHeader(switched.token) });
  }),
});
