import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/** docs/spec/product-decisions.md §2: in cloud mode an org without a plan cannot create billable things. */
export function requirePlan(org: { planSelected: boolean }): void {
  if (env.SVC_DEPLOYMENT_MODE === "cloud" && !org.planSelected) {
    throw new ApiError("plan_required", "Select a plan for this organisation first (Owner or Billing).");
  }
}
