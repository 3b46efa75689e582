import { defineRoute } from "@/lib/routes/contract";
import { recoveredSchema } from "@/lib/webhooks/endpoint-schema";
import { recoverBody } from "@/lib/webhooks/recover-deliveries";

export const recoverDeliveriesContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/webhooks/{id}/recover",
  operationId: "recoverDeliveries",
  summary: "Re-send failed deliveries of a time window (extension)",
  description:
    "Every dead, skipped or cancelled delivery of the endpoint created in [since, until) starts over with a fresh schedule and keeps its evt_ id.",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:write",
  body: recoverBody,
  responses: { 202: { description: "Queued", schema: recoveredSchema } },
  errors: ["not_found", "conflict"],
  idempotent: true,
});
