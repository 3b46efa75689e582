import { eq } from "drizzle-orm";
import { orgs } from "@/db/schema";
import { requirePlan } from "@/lib/billing/require-plan";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";

/** docs/spec/product-decisions.md §2 for key-authenticated calls: the key's org must have a plan in cloud mode. */
export async function requireKeyOrgPlan(db: Db, orgId: string): Promise<void> {
  if (env.SVC_DEPLOYMENT_MODE !== "cloud") return;
  const [org] = await db.select({ planSelected: orgs.planSelected }).from(orgs).where(eq(orgs.id, orgId));
  requirePlan({ planSelected: org?.planSelected ?? false });
}
