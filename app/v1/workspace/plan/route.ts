import { audited, memberAuditContext } from "@/lib/audit/record-audit";
import { selectPlanBody } from "@/lib/billing/plans";
import { selectPlan } from "@/lib/billing/select-plan";
import { methods, workspace } from "@/lib/http/handler";
import { parseBody } from "@/lib/http/request";
import { json } from "@/lib/http/response";
import { toIdentity } from "@/lib/identity/load-member";

export const dynamic = "force-dynamic";

/** Extension (decisions §2): Owner or Billing selects the org's plan; answers the new identity. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: workspace("plan:select", async ({ req, db, member }) => {
    const { plan } = await parseBody(req, selectPlanBody);
    await audited(
      db,
      memberAuditContext(req, member),
      (tx) => selectPlan(tx, member.orgId, plan),
      () => ({ action: "plan.selected", target: { type: "org", id: member.orgId }, metadata: { plan } }),
    );
    return json(200, toIdentity({ ...member, planSelected: true }));
  }),
});
