import { and, eq } from "drizzle-orm";
import { webhookEndpoints } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import type { DeliveryDto } from "@/lib/webhooks/delivery-schema";
import { TEST_EVENT } from "@/lib/webhooks/event-catalog";
import { webhookNotFound } from "@/lib/webhooks/find-webhook";
import { insertDeliveries } from "@/lib/webhooks/outbox/fan-out";
import { insertEvent } from "@/lib/webhooks/outbox/record-event";
import { serializeDelivery } from "@/lib/webhooks/serialize-delivery";
import { serializeWebhook } from "@/lib/webhooks/serialize-webhook";
import type { SendTestInput } from "@/lib/webhooks/webhook-schema";
import { exampleObject } from "./event-examples";

/**
 * A test event to this endpoint only (whatever it subscribes to), delivered, signed and retried
 * like any other. Without `event_type` it is `webhook.test` carrying the endpoint itself; with
 * one, a realistic example of that type, checked by the type's own schema. Either way the body
 * says `"test": true` (docs/decisions/0946).
 */
export async function sendTestEvent(
  db: Db,
  orgId: string,
  endpointId: string,
  input: SendTestInput = {},
): Promise<DeliveryDto> {
  const type = input.event_type ?? TEST_EVENT;
  return transactionWithJobs(db, async (tx) => {
    const [endpoint] = await tx
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.orgId, orgId)))
      .limit(1);
    if (!endpoint) throw webhookNotFound();
    if (!endpoint.active)
      throw new ApiError("conflict", "The endpoint is disabled; enable it to send a test event.");
    // Resource events always name a project: the endpoint's own, or an example id for org-wide ones.
    const projectId = endpoint.projectId ?? newId("project");
    const event = await insertEvent(tx, {
      type,
      orgId,
      projectId: type === TEST_EVENT ? endpoint.projectId : projectId,
      object: exampleObject(type, serializeWebhook(endpoint), projectId, new Date()),
      test: true,
    });
    const [row] = await insertDeliveries(tx, event, [endpoint.id]);
    if (!row) throw new Error("insert returned no row");
    return serializeDelivery(row, type, []);
  });
}
