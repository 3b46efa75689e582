import { defineRoute } from "@/lib/routes/contract";
import { deliverySchema } from "@/lib/webhooks/delivery-schema";

export const redeliverContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/webhooks/{id}/deliveries/{deliveryId}/redeliver",
  operationId: "redeliver",
  summary: "Redeliver (extension)",
  description: "A finished delivery starts over with a fresh schedule; it keeps its `evt_` id.",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:write",
  noBody: true,
  responses: { 202: { description: "Scheduled", schema: deliverySchema } },
  errors: ["not_found", "conflict"],
  idempotent: true,
});
