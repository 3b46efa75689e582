import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { TEST_EVENT } from "@/lib/webhooks/event-catalog";
import { webhookNotFound } from "@/lib/webhooks/find-webhook";
import { insertDeliveries } from "@/lib/webhooks/outbox/fan-out";
import { insertEvent } from "@/lib/webhooks/outbox/record-event";
import { type DeliveryDto, serializeDelivery } from "@/lib/webhooks/serialize-delivery";
import { serializeWebhook } from "@/lib/webhooks/serialize-webhook";

/**
 * A `webhook.test` event to this endpoint only (whatever it subscribes to), delivered, signed and
 * retried like any other; its `data.object` is the endpoint itself.
 */
export async function sendTestEvent(db: Db, orgId: string, endpointId: string): Promise<DeliveryDto> {
  return transactionWithJobs(db, async (tx) => {
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.orgId, orgId)))
      .limit(1);
    if (!endpoint) throw webhookNotFound();
    if (!endpoint.active)
      throw new ApiError("conflict", "The endpoint is disabled; enable it to send a test event.");
    const event = await insertEvent(tx, {
      type: TEST_EVENT,
      orgId,
      projectId: endpoint.projectId,
      object: serializeWebhook(endpoint),
    });
    const [row] = await insertDeliveries(tx, event, [endpoint.id]);
    if (!row) throw new Error("insert returned no row");
    return serializeDelivery(row, TEST_EVENT, []);
  });
}
