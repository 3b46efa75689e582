import { defineRoute } from "@/lib/routes/contract";
import { inboxMessageSchema, listInboxQuery } from "@/lib/webhooks/inbox/inbox-schema";
import { page } from "@/lib/wire";

export const listInboxContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/webhooks/{id}/inbox",
  operationId: "listWebhookInbox",
  summary: "What a test inbox received (extension)",
  description:
    "Newest first, the latest 100 kept. 404 for an endpoint that is not a test inbox of this organisation.",
  tag: "Webhooks",
  auth: "session",
  permission: "webhooks:read",
  query: listInboxQuery,
  responses: { 200: { description: "OK", schema: page(inboxMessageSchema) } },
  errors: ["not_found"],
});
