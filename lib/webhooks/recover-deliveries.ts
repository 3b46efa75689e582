import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { deliveries, webhookEndpoints } from "@/db/schema";
import { type AuditContext, recordAudit } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { requestDeliveries } from "@/lib/webhooks/delivery/hand-off";
import { delayBeforeAttemptMs } from "@/lib/webhooks/delivery/schedule";
import { webhookNotFound } from "@/lib/webhooks/find-webhook";

/** What recovery re-sends: deliveries that ended without reaching the receiver (0944). */
export const RECOVERABLE_STATUSES = ["dead", "skipped", "cancelled"] as const;

const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an RFC 3339 timestamp` })
    .transform((v) => new Date(v));

export const recoverBody = z
  .object({ since: instant("since"), until: instant("until").optional() })
  .refine((b) => b.until === undefined || b.since < b.until, {
    message: "since must be before until",
    path: ["until"],
  });
export type RecoverInput = z.output<typeof recoverBody>;

/**
 * Bulk recovery: every dead, skipped or cancelled delivery of the endpoint created in
 * [since, until) starts over with a fresh schedule, keeping its evt_ id (receivers dedupe it);
 * attempt numbers continue. One UPDATE (deliveries_endpoint_created_idx), dispatched on commit.
 */
export async function recoverDeliveries(
  db: Db,
  audit: AuditContext,
  endpointId: string,
  input: RecoverInput,
  now = new Date(),
): Promise<{ queued: number }> {
  return transactionWithJobs(db, async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, active: webhookEndpoints.active })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.orgId, audit.orgId)))
      .limit(1);
    if (!endpoint) throw webhookNotFound();
    if (!endpoint.active) {
      throw new ApiError("conflict", "The endpoint is disabled; enable it before recovering deliveries.");
    }
    const until = input.until ?? now;
    const rows = await tx
      .update(deliveries)
      .set({
        status: "pending",
        scheduleBase: sql`${deliveries.attemptCount}`,
        nextAttemptAt: new Date(now.getTime() + delayBeforeAttemptMs(1)),
        lockedUntil: null,
        dispatchedAt: new Date(),
        completedAt: null,
      })
      .where(
        and(
          eq(deliveries.endpointId, endpoint.id),
          eq(deliveries.orgId, audit.orgId),
          inArray(deliveries.status, [...RECOVERABLE_STATUSES]),
          gte(deliveries.createdAt, input.since),
          lt(deliveries.createdAt, until),
        ),
      )
      .returning({
        id: deliveries.id,
        endpointId: deliveries.endpointId,
        orgId: deliveries.orgId,
        scheduleBase: deliveries.scheduleBase,
      });
    requestDeliveries(tx, rows);
    await recordAudit(tx, audit, {
      action: "webhook.recovered",
      target: { type: "webhook", id: endpoint.id },
      metadata: { since: input.since.toISOString(), until: until.toISOString(), queued: rows.length },
    });
    return { queued: rows.length };
  });
}
