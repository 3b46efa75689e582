import { and, eq, gte, isNotNull, sql } from "drizzle-orm";
import { deliveries, deliveryAttempts, emails, recordings, webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";
import { lastDays, series, windowStart } from "@/lib/insights/days";

export interface Activity {
  deliveries24h: {
    total: number;
    /** succeeded / (succeeded + dead + gone), of the last 24 h's finished deliveries; null when none finished. */
    successRate: number | null;
    /** p95 of attempt response times (ms) in the last 24 h; null without attempts. */
    p95Ms: number | null;
    succeeded: number;
    /** Dead (retries exhausted) or gone (the receiver answered 410). */
    failed: number;
    /** Pending, not tried yet. */
    waiting: number;
    /** Pending after at least one failed attempt: waiting for a retry. */
    retrying: number;
  };
  /** Active endpoints in a failing spell now (docs/decisions/0943). */
  failingEndpoints: number;
  /** Deliveries dead-lettered (retries exhausted) among the window's deliveries. */
  deadLetters: number;
  /** Room invitation emails only: account emails and endpoint notices are not invitations (issue 49). */
  emails: { queued: number; sentToday: number };
  /** Per UTC day over the window, oldest first. */
  perDay: { delivered: number[]; failed: number[]; emailsSent: number[]; recordings: number[] };
}

const day = (column: unknown) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD')`;

/**
 * Webhook, email and recording activity of the last 7 days. Every query is a range on an index
 * that starts with the org id (deliveries_org_created_idx, emails_org_created_idx,
 * emails_org_queued_idx, recordings_org_state_started_idx), so its cost follows the window's
 * volume, not the org's history.
 */
export async function loadActivity(db: Db, orgId: string, now: Date): Promise<Activity> {
  const days = lastDays(now);
  const since = windowStart(now);
  const dayAgo = new Date(now.getTime() - 86_400_000);
  // The org's deliveries created since `from`: a range on deliveries_org_created_idx.
  const deliveredSince = (from: Date) => and(eq(deliveries.orgId, orgId), gte(deliveries.createdAt, from));
  const invitation = eq(emails.kind, "room_invitation");
  const [byDayStatus, last24h, p95, emailRows, queued, recordingRows, failingRows] = await Promise.all([
    db
      .select({ day: day(deliveries.createdAt), status: deliveries.status, n: sql<number>`count(*)::int` })
      .from(deliveries)
      .where(deliveredSince(since))
      .groupBy(sql`1`, deliveries.status),
    db
      .select({
        status: deliveries.status,
        retrying: sql<boolean>`${deliveries.attemptCount} > 0`,
        n: sql<number>`count(*)::int`,
      })
      .from(deliveries)
      .where(deliveredSince(dayAgo))
      .groupBy(deliveries.status, sql`2`),
    db
      .select({
        p95: sql<number | null>`percentile_cont(0.95) within group (order by ${deliveryAttempts.durationMs})`,
      })
      .from(deliveryAttempts)
      .innerJoin(deliveries, eq(deliveries.id, deliveryAttempts.deliveryId))
      .where(and(deliveredSince(dayAgo), gte(deliveryAttempts.startedAt, dayAgo))),
    db
      .select({ day: day(emails.sentAt), n: sql<number>`count(*)::int` })
      .from(emails)
      .where(and(eq(emails.orgId, orgId), gte(emails.createdAt, since), eq(emails.state, "sent"), invitation))
      .groupBy(sql`1`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(emails)
      .where(and(eq(emails.orgId, orgId), eq(emails.state, "queued"), invitation)),
    db
      .select({ day: day(recordings.startedAt), n: sql<number>`count(*)::int` })
      .from(recordings)
      .where(
        and(eq(recordings.orgId, orgId), eq(recordings.state, "completed"), gte(recordings.startedAt, since)),
      )
      .groupBy(sql`1`),
    // The org's endpoints (webhook_endpoints_org_idx), those failing now.
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.orgId, orgId),
          isNotNull(webhookEndpoints.failingSince),
          eq(webhookEndpoints.active, true),
        ),
      ),
  ]);

  const of = (status: string) => last24h.filter((r) => r.status === status).reduce((a, r) => a + r.n, 0);
  const finished = of("succeeded") + of("dead") + of("gone");
  const failed = byDayStatus.filter((r) => r.status === "dead" || r.status === "gone");
  const p95Ms = p95[0]?.p95;
  const emailsPerDay = series(days, emailRows);
  return {
    deliveries24h: {
      total: last24h.reduce((a, r) => a + r.n, 0),
      successRate: finished > 0 ? of("succeeded") / finished : null,
      p95Ms: p95Ms === null || p95Ms === undefined ? null : Math.round(Number(p95Ms)),
      succeeded: of("succeeded"),
      failed: of("dead") + of("gone"),
      waiting: last24h.filter((r) => r.status === "pending" && !r.retrying).reduce((a, r) => a + r.n, 0),
      retrying: last24h.filter((r) => r.status === "pending" && r.retrying).reduce((a, r) => a + r.n, 0),
    },
    failingEndpoints: failingRows[0]?.n ?? 0,
    deadLetters: byDayStatus.filter((r) => r.status === "dead").reduce((a, r) => a + r.n, 0),
    emails: { queued: queued[0]?.n ?? 0, sentToday: emailsPerDay[emailsPerDay.length - 1] ?? 0 },
    perDay: {
      delivered: series(
        days,
        byDayStatus.filter((r) => r.status === "succeeded"),
      ),
      failed: series(days, failed),
      emailsSent: emailsPerDay,
      recordings: series(days, recordingRows),
    },
  };
}
