import { and, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import { deliveries, memberships, users, webhookEndpoints } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import { getDb } from "@/lib/db";
import { enqueueAccountEmail } from "@/lib/email/enqueue-emails";
import { env } from "@/lib/env";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import { renderFailingDigest, renderHealthEmail } from "@/lib/webhooks/health/render-health-email";

type Endpoint = typeof webhookEndpoints.$inferSelect;

/** Endpoints handled per pass and step: small batches, the next pass takes the rest. */
const BATCH = 50;

/** The service itself acting (no member, no key): health's own changes in the audit trail. */
function systemAudit(orgId: string): AuditContext {
  return {
    orgId,
    actor: { type: "system", id: "webhook-health", label: "Endpoint health" },
    origin: { ip: null, userAgent: null, requestId: null },
  };
}

/** Owners and Admins of an org (the memberships primary key leads with org_id). */
function adminsOf(tx: JobTx, orgId: string) {
  return tx
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.orgId, orgId), inArray(memberships.role, ["Owner", "Admin"])));
}

async function notifyAdmins(tx: JobTx, endpoint: Endpoint, kind: "failing" | "disabled", now: Date) {
  const admins = await adminsOf(tx, endpoint.orgId);
  const rendered = renderHealthEmail({
    kind,
    endpoint,
    failingSince: endpoint.failingSince ?? now,
    lastError: endpoint.lastFailureError,
    disableAfterHours: env.SVC_WEBHOOK_DISABLE_AFTER_HOURS,
  });
  // Operational notices, like account emails, go out at once: never counted in or held by the
  // room-invitation cap (docs/spec/product-decisions.md §11), so a busy inviting org still hears its endpoint is down.
  for (const a of admins) await enqueueAccountEmail(tx, endpoint.orgId, { ...rendered, to: a.email }, now);
}

/** The most endpoints of one org a single digest takes; a larger backlog goes in the next pass's. */
const DIGEST_MAX = 500;

/**
 * Tells an org's admins about every endpoint that started failing and was not told yet, in ONE
 * email each (docs/decisions/1306): 65 endpoints failing at once made 110 emails in 2.3 s, one per
 * endpoint per admin. The CAS on failing_notified_at still makes each spell told once; each
 * endpoint keeps its own `webhook.failing` audit entry. Returns how many endpoints were told.
 */
async function notifyFailingDigest(orgId: string, now: Date): Promise<number> {
  return transactionWithJobs(await getDb(), async (tx) => {
    const unnotified = tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.orgId, orgId),
          isNull(webhookEndpoints.failingNotifiedAt),
          isNotNull(webhookEndpoints.failingSince),
          eq(webhookEndpoints.active, true),
        ),
      )
      .limit(DIGEST_MAX);
    const rows = await tx
      .update(webhookEndpoints)
      .set({ failingNotifiedAt: now })
      .where(and(inArray(webhookEndpoints.id, unnotified), isNull(webhookEndpoints.failingNotifiedAt)))
      .returning();
    if (rows.length === 0) return 0;
    rows.sort((a, b) => (b.failingSince?.getTime() ?? 0) - (a.failingSince?.getTime() ?? 0));
    const rendered = renderFailingDigest({
      endpoints: rows.map((r) => ({
        id: r.id,
        url: r.url,
        failingSince: r.failingSince ?? now,
        lastError: r.lastFailureError,
      })),
      disableAfterHours: env.SVC_WEBHOOK_DISABLE_AFTER_HOURS,
    });
    // Operational notices, like account emails, go out at once: never counted in or held by the
    // room-invitation cap (docs/spec/product-decisions.md §11), so a busy inviting org still hears its endpoint is down.
    for (const a of await adminsOf(tx, orgId))
      await enqueueAccountEmail(tx, orgId, { ...rendered, to: a.email }, now);
    for (const row of rows)
      await recordAudit(tx, systemAudit(orgId), {
        action: "webhook.failing",
        target: { type: "webhook", id: row.id },
        metadata: {
          failing_since: row.failingSince?.toISOString() ?? null,
          last_error: row.lastFailureError,
        },
      });
    return rows.length;
  });
}

/** Disables the endpoint and keeps its pending deliveries as `skipped` (recoverable). */
async function disable(endpoint: Endpoint, cutoff: Date, now: Date): Promise<boolean> {
  const hours = env.SVC_WEBHOOK_DISABLE_AFTER_HOURS;
  const reason = `every delivery failed for ${hours} hours`;
  return transactionWithJobs(await getDb(), async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ active: false, disabledAt: now, disabledReason: reason, updatedAt: now })
      .where(
        and(
          eq(webhookEndpoints.id, endpoint.id),
          eq(webhookEndpoints.active, true),
          lte(webhookEndpoints.failingSince, cutoff),
        ),
      )
      .returning();
    if (!row) return false;
    await tx
      .update(deliveries)
      .set({ status: "skipped", lockedUntil: null, nextAttemptAt: null, lastError: reason, completedAt: now })
      .where(and(eq(deliveries.endpointId, row.id), eq(deliveries.status, "pending")));
    await notifyAdmins(tx, row, "disabled", now);
    await recordAudit(tx, systemAudit(row.orgId), {
      action: "webhook.disabled",
      target: { type: "webhook", id: row.id },
      metadata: { reason, failing_since: row.failingSince?.toISOString() ?? null },
    });
    return true;
  });
}

/**
 * The `check-webhook-health` job (docs/decisions/0943): endpoints that started failing get their
 * admins told; endpoints that failed every delivery for SVC_WEBHOOK_DISABLE_AFTER_HOURS are
 * disabled. Failing spells themselves are tracked by each recorded attempt (record-attempt.ts).
 */
export async function checkEndpointHealth(ctx: PassContext): Promise<PassResult> {
  const db = await getDb();
  const now = ctx.now;
  const cutoff = new Date(now.getTime() - env.SVC_WEBHOOK_DISABLE_AFTER_HOURS * 3_600_000);
  // webhook_endpoints_failing_idx: active endpoints in a failing spell.
  const failing = await db
    .select()
    .from(webhookEndpoints)
    .where(and(isNotNull(webhookEndpoints.failingSince), eq(webhookEndpoints.active, true)))
    .orderBy(webhookEndpoints.failingSince)
    .limit(BATCH);
  let notified = 0;
  let disabled = 0;
  // One digest per org with endpoints not told yet, however many of them started failing.
  const untold = new Set(failing.filter((e) => e.failingNotifiedAt === null).map((e) => e.orgId));
  for (const orgId of untold) notified += await notifyFailingDigest(orgId, now);
  for (const endpoint of failing) {
    if (endpoint.failingSince && endpoint.failingSince <= cutoff && (await disable(endpoint, cutoff, now))) {
      disabled++;
    }
  }
  const more = failing.length === BATCH;
  return { next: more ? now : null, summary: { notified, disabled } };
}
