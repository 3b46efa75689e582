import { memberAuditContext } from "@/lib/audit/record-audit";
import { selectPlan } from "@/lib/billing/select-plan";
import { methods } from "@/lib/http/handler";
import { toIdentity } from "@/lib/identity/load-member";
import { implement } from "@/lib/routes/implement";
import { selectPlanContract } from "./contract";

export const dynamic = "force-dynamic";

/** Extension (docs/spec/product-decisions.md §2): Owner or Billing selects the org's plan; answers the new identity. */
export const { GET, POST, PUT, PATCH, DELETE } = methods({
  POST: implement(selectPlanContract)(async ({ req, db, member, body: { plan } }) => {
    await selectPlan(db, memberAuditContext(req, member), plan);
    return { status: 200, body: toIdentity({ ...member, planSelected: true }) };
  }),
});
