import { z } from "zod";
import { USAGE_QUOTA_METRICS, USAGE_THRESHOLDS } from "@/db/enums";
import { timestamp } from "@/lib/wire";

/** `usage.threshold` (cloud mode, docs/decisions/1312): the org's use crossed a share of a quota. */
export const usageThresholdSchema = z
  .object({
    metric: z.enum(USAGE_QUOTA_METRICS),
    threshold: z
      .union(USAGE_THRESHOLDS.map((t) => z.literal(t)))
      .meta({ description: "The share of the included quota crossed, in percent: 80 or 100." }),
    month: z.string().meta({ description: "The calendar month (UTC) counted, YYYY-MM." }),
    included: z.number().int().meta({ description: "What the org's plan includes per month." }),
    used: z.number().int().meta({ description: "The month's use when the crossing was noticed." }),
    plan: z.string().meta({ description: "The org's plan." }),
    crossed_at: timestamp.meta({ description: "When the rollup noticed the crossing." }),
  })
  .meta({ id: "UsageThreshold" });
export type UsageThresholdDto = z.output<typeof usageThresholdSchema>;
