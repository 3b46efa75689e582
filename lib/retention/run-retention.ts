import { anchorAuditHeads } from "@/lib/audit/anchor-audit-heads";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { pruneAuditLog } from "@/lib/retention/prune-audit-log";
import {
  pruneDeliveredEvents,
  pruneEndedDeliveries,
  pruneEndedEmails,
  pruneIdempotencyKeys,
  pruneMediaReports,
  pruneRateLimits,
  purgeExpiredSealedBodies,
} from "@/lib/retention/prune-tables";
import { pruneQualitySamples, pruneRoomTokenMints } from "@/lib/retention/prune-usage";
import { auditAnchorObjects } from "@/lib/storage/audit-anchor-objects";
import { keepSessionQuality } from "@/lib/usage/session-quality";

const DAY_MS = 24 * 60 * 60 * 1000;
/** Media-report ids de-duplicate retries of the media plane, which never come days later. */
export const MEDIA_REPORT_RETENTION_DAYS = 7;
/** Sent and failed invitation emails (the mailbox page, the cap's rolling hour). */
export const EMAIL_RETENTION_DAYS = 30;
/** Rows removed per statement: short statements, short locks. */
export const RETENTION_BATCH = 500;
/** Batches per table per pass; a backlog is worked off over the following passes. */
const BATCHES_PER_PASS = 20;

export type RetentionCounts = Record<string, number>;

/** Runs `prune` batch after batch until a batch comes back short or the pass's budget is spent. */
async function drain(prune: () => Promise<number>): Promise<{ removed: number; more: boolean }> {
  let removed = 0;
  for (let i = 0; i < BATCHES_PER_PASS; i++) {
    const n = await prune();
    removed += n;
    if (n < RETENTION_BATCH) return { removed, more: false };
  }
  return { removed, more: true };
}

/**
 * One retention pass at `now`: every table, oldest rows first, in batches. Returns the rows removed
 * per table and whether any table still has more (the next pass continues at once).
 */
export async function pruneExpired(now: Date): Promise<{ counts: RetentionCounts; more: boolean }> {
  const db = await getDb();
  const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const webhooks = ago(env.SVC_WEBHOOK_RETENTION_DAYS);
  const samples = ago(env.SVC_QUALITY_SAMPLE_RETENTION_DAYS);
  const steps: [string, () => Promise<number>][] = [
    ["deliveries", () => pruneEndedDeliveries(db, webhooks, RETENTION_BATCH)],
    ["events", () => pruneDeliveredEvents(db, webhooks, RETENTION_BATCH)],
    ["media_reports", () => pruneMediaReports(db, ago(MEDIA_REPORT_RETENTION_DAYS), RETENTION_BATCH)],
    ["emails", () => pruneEndedEmails(db, ago(EMAIL_RETENTION_DAYS), RETENTION_BATCH)],
    ["sealed_email_bodies", () => purgeExpiredSealedBodies(db, now, RETENTION_BATCH)],
    ["idempotency_keys", () => pruneIdempotencyKeys(db, now, RETENTION_BATCH)],
    ["rate_limits", () => pruneRateLimits(db, now, RETENTION_BATCH)],
    ["audit_log", () => pruneAuditLog(db, ago(env.SVC_AUDIT_RETENTION_DAYS), RETENTION_BATCH)],
    // Summaries first: a sample goes only once each session it falls in has its own (decision 1370).
    ["session_quality_kept", () => keepSessionQuality(db, samples, RETENTION_BATCH)],
    ["quality_samples", () => pruneQualitySamples(db, samples, RETENTION_BATCH)],
    [
      "room_token_mints",
      () => pruneRoomTokenMints(db, ago(env.SVC_ROOM_TOKEN_MINT_RETENTION_DAYS), RETENTION_BATCH),
    ],
  ];
  const counts: RetentionCounts = {};
  let more = false;
  for (const [table, prune] of steps) {
    const r = await drain(prune);
    counts[table] = r.removed;
    more ||= r.more;
  }
  return { counts, more };
}

/** The retention job's pass: again in a second while a backlog remains, else at the next poll. */
export async function retentionPass(ctx: Pick<PassContext, "now">): Promise<PassResult> {
  const { counts, more } = await pruneExpired(ctx.now);
  // Hourly; two hours back so a late or skipped pass leaves no org unanchored (docs/decisions/1051).
  const since = new Date(ctx.now.getTime() - 2 * 60 * 60 * 1000);
  counts.audit_anchors = await anchorAuditHeads(await getDb(), auditAnchorObjects, since, ctx.now);
  return { next: more ? new Date(ctx.now.getTime() + 1_000) : null, summary: counts };
}
