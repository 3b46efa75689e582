import { can } from "@/lib/auth/roles";
import type { Identity } from "@/lib/identity/identity-schema";

/**
 * Where a fresh session lands: plan selection for an Owner or Billing member of a cloud org that has
 * no plan yet (docs/spec/product-decisions.md §2), Usage for a Billing member (its home, issue 44),
 * the console's overview otherwise.
 */
export function landingFor(me: Identity): string {
  if (me.deployment_mode === "cloud" && !me.plan_selected && can(me.org.role, "plan:select")) return "/plan";
  return me.org.role === "Billing" ? "/usage" : "/";
}
