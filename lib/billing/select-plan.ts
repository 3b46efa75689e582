import { eq } from "drizzle-orm";
import { orgs } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Plan } from "@/lib/billing/plans";
import type { Db } from "@/lib/db";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";

/**
 * Records the org's plan, audited; from then on `plan_selected` is true and billable actions are
 * open — room tokens included, on every instance (they read the flag from the principal cache).
 */
export async function selectPlan(db: Db, audit: AuditContext, plan: Plan): Promise<void> {
  await audited(
    db,
    audit,
    (tx) => tx.update(orgs).set({ plan, planSelected: true }).where(eq(orgs.id, audit.orgId)),
    () => ({ action: "plan.selected", target: { type: "org", id: audit.orgId }, metadata: { plan } }),
  );
  await settlePrincipalWrites(db);
}
