import { memberAuditContext, recordAudit } from "@/lib/audit/record-audit";
import { sessionCookieHeader } from "@/lib/auth/session";
import { methods } from "@/lib/http/handler";
import { toIdentity } from "@/lib/identity/load-member";
import { implement } from "@/lib/routes/implement";
import { switchOrg } from "@/lib/sessions/switch-org";
import { switchOrgContract } from "./contract";

export const dynamic = "force-dynamic";

/** Moves the caller's session to another of their orgs: 200 Identity (as /me) and a fresh cookie. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(switchOrgContract)(async ({ req, db, member, body }) => {
    const switched = await switchOrg(db, member, body.org_id);
    await recordAudit(db, memberAuditContext(req, switched.member), {
      action: "auth.org_switched",
      target: { type: "org", id: body.org_id },
      metadata: { from: member.orgId },
    });
    return {
      status: 200,
      body: toIdentity(switched.member),
      headers: { "set-cookie": sessionCookieHeader(switched.token) },
    };
  }),
});
