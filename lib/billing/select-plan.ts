import { eq } from "drizzle-orm";
import { orgs } from "@/db/schema";
import type { Plan } from "@/lib/billing/plans";
import type { Db } from "@/lib/db";

/** Records the org's plan; from then on `plan_selected` is true and billable actions are open. */
export async function selectPlan(db: Db, orgId: string, plan: Plan): Promise<void> {
  await db.update(orgs).set({ plan, planSelected: true }).where(eq(orgs.id, orgId));
}
