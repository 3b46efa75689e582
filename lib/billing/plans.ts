import { z } from "zod";

/** The plans an org can pick in cloud mode (prices and limits live in the billing system). */
export const PLANS = ["starter", "pro", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export const selectPlanBody = z.object({
  plan: z.enum(PLANS, { error: `plan must be one of ${PLANS.join(", ")}` }),
});
