import { and, eq, inArray, sql } from "drizzle-orm";
import { USAGE_THRESHOLDS } from "@/db/enums";
import { memberships, users } from "@/db/schema";
import { PLANS, type Plan } from "@/lib/billing/plans";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { enqueueAccountEmail } from "@/lib/email/enqueue-emails";
import { env } from "@/lib/env";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import { PLAN_QUOTAS, type QuotaMetric } from "@/lib/usage/quotas";
import { renderThresholdEmail } from "@/lib/usage/render-threshold-email";
import { monthEnd, monthOf, utcDay } from "@/lib/usage/usage-days";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";

export interface Crossing {
  orgId: string;
  plan: Plan;
  metric: QuotaMetric;
  threshold: (typeof USAGE_THRESHOLDS)[number];
  month: string;
  included: number;
  used: number;
}

/**
 * Cloud orgs whose use this month crossed 80 % or 100 % of a quota their plan includes, from the
 * rollup (one grouped read over the month's rows of every org with a plan that has quotas).
 */
async function crossings(db: Db, month: string): Promise<Crossing[]> {
  const capped = PLANS.filter((p) => Object.keys(PLAN_QUOTAS[p]).length > 0);
  if (capped.length === 0) return [];
  const rows = rowsOf<{ org_id: string; plan: string; participant: string; recording: string }>(
    await db.execute(sql`
      SELECT u.org_id, o.plan,
        sum(u.value) FILTER (WHERE u.metric IN ('publisher_minutes', 'viewer_minutes')) AS participant,
        sum(u.value) FILTER (WHERE u.metric = 'recording_minutes') AS recording
      FROM usage_daily u JOIN orgs o ON o.id = u.org_id
      WHERE u.day >= ${`${month}-01`}::date AND u.day <= ${monthEnd(month)}::date
        AND o.plan IN (${sql.join(
          capped.map((p) => sql`${p}`),
          sql`, `,
        )})
      GROUP BY u.org_id, o.plan`),
  );
  const out: Crossing[] = [];
  for (const r of rows) {
    const plan = PLANS.find((p) => p === r.plan);
    if (!plan) continue;
    const used: Record<QuotaMetric, number> = {
      participant_minutes: Number(r.participant ?? 0),
      recording_minutes: Number(r.recording ?? 0),
    };
    for (const metric of ["participant_minutes", "recording_minutes"] as const) {
      const included = PLAN_QUOTAS[plan][metric];
      if (!included) continue;
      for (const threshold of USAGE_THRESHOLDS)
        if (used[metric] * 100 >= included * threshold)
          out.push({ orgId: r.org_id, plan, metric, threshold, month, included, used: used[metric] });
    }
  }
  return out;
}

/** Owners and Billing members: who pays, and who is told (issue 44 item 5). */
function payersOf(tx: JobTx, orgId: string) {
  return tx
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), inArray(memberships.role, ["Owner", "Billing"])));
}

/**
 * Once per org, month, metric and threshold (the notices' primary key decides, race-free): the
 * `usage.threshold` event and an email to each Owner and Billing member, in one transaction, so a
 * crash sends both or neither, and a later pass does not send them again. Cloud mode only.
 * Returns how many crossings were new.
 */
export async function notifyThresholds(db: Db, now = new Date()): Promise<number> {
  return (await sendThresholdNotices(db, now)).length;
}

/** The crossings this pass notified. */
export async function sendThresholdNotices(db: Db, now = new Date()): Promise<Crossing[]> {
  if (env.SVC_DEPLOYMENT_MODE !== "cloud") return [];
  const sent: Crossing[] = [];
  for (const c of await crossings(db, monthOf(utcDay(now)))) {
    const isNew = await transactionWithJobs(db, async (tx) => {
      const inserted = rowsOf(
        await tx.execute(sql`
          INSERT INTO usage_threshold_notices (org_id, month, metric, threshold)
          VALUES (${c.orgId}, ${c.month}, ${c.metric}, ${c.threshold})
          ON CONFLICT DO NOTHING RETURNING 1 AS n`),
      );
      if (inserted.length === 0) return false;
      await recordEvent(tx, {
        type: "usage.threshold",
        orgId: c.orgId,
        projectId: null,
        object: {
          metric: c.metric,
          threshold: c.threshold,
          month: c.month,
          included: c.included,
          used: c.used,
          plan: c.plan,
          crossed_at: now.toISOString(),
        },
      });
      const rendered = renderThresholdEmail(c);
      for (const p of await payersOf(tx, c.orgId))
        await enqueueAccountEmail(tx, c.orgId, { ...rendered, to: p.email }, now);
      return true;
    });
    if (isNew) sent.push(c);
  }
  return sent;
}
