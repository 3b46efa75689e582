import { z } from "zod";
import { PLANS } from "@/db/enums";

/** The plans an org can pick in cloud mode (prices and limits live in the billing system). */
export { PLANS };
export type Plan = (typeof PLANS)[number];

export const selectPlanBody = z.object({
  plan: z.enum(PLANS, { error: `plan must be one of ${PLANS.join(", ")}` }),
});
