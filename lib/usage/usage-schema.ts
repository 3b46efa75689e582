import { z } from "zod";
import { USAGE_METRICS } from "@/db/enums";
import { daysInRange, parseDay } from "@/lib/usage/usage-days";
import { prefixedId } from "@/lib/wire";

/**
 * GET /v1/workspace/usage (issue 44 item 3, docs/usage.md): what the org used per UTC day or
 * month. The stored metrics (db/enums.ts) plus `participant_minutes`, their publisher and viewer
 * sum.
 */
export const REPORTED_METRICS = ["participant_minutes", ...USAGE_METRICS] as const;
export type ReportedMetric = (typeof REPORTED_METRICS)[number];

/** The longest range one request reads. */
export const MAX_RANGE_DAYS = 400;

const day = (what: string) =>
  z
    .string()
    .refine((v) => parseDay(v) !== null, { error: `${what} must be a calendar day as YYYY-MM-DD (UTC)` })
    .optional()
    .meta({
      description: `${what === "from" ? "First" : "Last"} UTC day of the range, YYYY-MM-DD (included).`,
    });

export const usageQuery = z
  .object({
    from: day("from"),
    to: day("to"),
    project_id: z.string().max(64).optional().meta({
      description: "Only this project's use (a project of another org is 404). Emails are org-wide.",
    }),
    granularity: z
      .enum(["day", "month"], { error: "granularity must be day or month" })
      .default("day")
      .meta({ description: "One series point per UTC day (default) or per calendar month." }),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to || !parseDay(q.from) || !parseDay(q.to)) return;
    if (q.from > q.to) ctx.addIssue({ code: "custom", path: ["from"], message: "from must not be after to" });
    else if (daysInRange(q.from, q.to) > MAX_RANGE_DAYS)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `a range covers at most ${MAX_RANGE_DAYS} days`,
      });
  });
export type UsageQuery = z.output<typeof usageQuery>;

const point = z
  .object({
    period: z.string().meta({ description: "The UTC day (YYYY-MM-DD) or month (YYYY-MM)." }),
    value: z.number().int(),
  })
  .meta({ id: "UsagePoint" });

const perMetric = <S extends z.ZodType>(s: S) =>
  z.object(Object.fromEntries(REPORTED_METRICS.map((m) => [m, s])) as Record<ReportedMetric, S>);

export const quotaSchema = z
  .object({
    metric: z.enum(["participant_minutes", "recording_minutes"]),
    month: z.string().meta({ description: "The calendar month (UTC) the quota is counted in, YYYY-MM." }),
    included: z.number().int(),
    used: z.number().int(),
    percent: z.number().meta({ description: "used / included × 100, one decimal." }),
  })
  .meta({ id: "UsageQuota" });
export type QuotaDto = z.output<typeof quotaSchema>;

export const usageSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    granularity: z.enum(["day", "month"]),
    project_id: prefixedId("prj_").nullable(),
    totals: perMetric(z.number().int()),
    series: perMetric(z.array(point)),
    quotas: z.array(quotaSchema).meta({
      description:
        "Cloud mode: the org's plan's included quotas this month and the use against them (docs/decisions/1312); empty otherwise.",
    }),
  })
  .meta({ id: "Usage" });
export type UsageDto = z.output<typeof usageSchema>;
