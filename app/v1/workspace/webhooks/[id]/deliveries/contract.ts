import { defineRoute } from "@/lib/routes/contract";
import { deliverySchema } from "@/lib/webhooks/delivery-schema";
import { listDeliveriesQuery } from "@/lib/webhooks/list-deliveries";
import { page } from "@/lib/wire";

export const listDeliveriesContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/webhooks/{id}/deliveries",
  operationId: "listDeliveries",
  summary: "Delivery log of an endpoint (extension)",
  description:
    "Newest first, each delivery with its attempts as sent and answered (the debugger, docs/decisions/0945). Filters: `status`, `event_type`, and `since`/`until` on the creation time.",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:read",
  query: listDeliveriesQuery,
  responses: { 200: { description: "OK", schema: page(deliverySchema) } },
  errors: ["not_found"],
});
