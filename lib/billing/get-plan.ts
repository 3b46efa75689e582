import { eq } from "drizzle-orm";
import { orgs } from "@/db/schema";
import { PLANS, type Plan } from "@/lib/billing/plans";
import type { DbOrTx } from "@/lib/db";

/** The org's selected plan, or null while none is selected (or the stored value is unknown). */
export async function getOrgPlan(db: DbOrTx, orgId: string): Promise<Plan | null> {
  const [row] = await db.select({ plan: orgs.plan }).from(orgs).where(eq(orgs.id, orgId)).limit(1);
  return PLANS.find((p) => p === row?.plan) ?? null;
}
