import { defineRoute } from "@/lib/routes/contract";
import { deliverySchema } from "@/lib/webhooks/delivery-schema";
import { sendTestBody } from "@/lib/webhooks/webhook-schema";

export const sendTestEventContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/webhooks/{id}/test",
  operationId: "sendTestEvent",
  summary: "Send a test event (extension)",
  description:
    'To this endpoint only, whatever it subscribes to. Without a body (or without `event_type`) a `webhook.test` event carrying the endpoint; with `event_type`, a realistic example of that type (see the document\'s `webhooks`). Either body says `"test": true`.',
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:write",
  body: sendTestBody,
  bodyOptional: true,
  responses: { 202: { description: "Scheduled", schema: deliverySchema } },
  errors: ["not_found", "conflict"],
  idempotent: true,
});
