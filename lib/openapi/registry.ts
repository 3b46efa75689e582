import { z } from "zod";
import {
  createdWebhookSchema,
  deliverySchema,
  itemsOnly,
  page,
  rotatedSecretSchema,
  webhookDetailSchema,
  webhookSchema,
} from "@/lib/openapi/schemas";
import { errorCodesOf, type RouteContract } from "@/lib/routes/contract";
import { listDeliveriesQuery } from "@/lib/webhooks/list-deliveries";
import { recoverBody } from "@/lib/webhooks/recover-deliveries";
import {
  createProjectWebhookBody,
  createWorkspaceWebhookBody,
  patchWebhookBody,
} from "@/lib/webhooks/webhook-schema";

/**
 * Every operation of the API, as data: the OpenAPI document, the console's API reference and the
 * fuzz test are built from it. Bodies and queries are the zod schemas the handlers parse with,
 * imported from lib/ (never copied). tests/openapi.test.ts fails when a route exports a handler
 * that has no entry here, or an entry names a route that does not exist.
 */

/** Until every route declares its contract beside its handler (lib/routes/contract.ts). */
export type Operation = RouteContract;
export { errorCodesOf };

const ok = (schema: z.ZodType, description = "OK") => ({ 200: { description, schema } });
const created = (schema: z.ZodType, description = "Created") => ({ 201: { description, schema } });

/**
 * The operations whose routes have not yet moved to a `contract.ts` beside the handler; each
 * conversion deletes its entries here. app/api-routes.ts joins both lists.
 */
export const OPERATIONS: Operation[] = [
  {
    method: "GET",
    path: "/v1/workspace/webhooks",
    operationId: "listWebhooks",
    summary: "List webhook endpoints",
    tag: "Webhooks",
    auth: "session",
    permission: "webhooks:read",
    responses: ok(itemsOnly(webhookSchema)),
    errors: [],
  },
  {
    method: "POST",
    path: "/v1/workspace/webhooks",
    operationId: "createWebhook",
    summary: "Register an org-wide webhook endpoint",
    description:
      "The signing secret is returned once. HTTPS only; private addresses are refused in cloud mode.",
    tag: "Webhooks",
    auth: "session",
    permission: "webhooks:write",
    body: createWorkspaceWebhookBody,
    responses: created(createdWebhookSchema),
    errors: [],
    idempotent: true,
  },
  {
    method: "GET",
    path: "/v1/workspace/webhooks/{id}",
    operationId: "getWebhook",
    summary: "One webhook endpoint (extension)",
    tag: "Webhooks",
    auth: "session",
    permission: "webhooks:read",
    responses: ok(webhookDetailSchema),
    errors: ["not_found"],
  },
  {
    method: "PATCH",
    path: "/v1/workspace/webhooks/{id}",
    operationId: "updateWebhook",
    summary: "Change a webhook endpoint (extension)",
    tag: "Webhooks",
    auth: "session",
    permission: "webhooks:write",
    body: patchWebhookBody,
    responses: ok(webhookSchema),
    errors: ["not_found"],
  },
  {
    method: "DELETE",
    path: "/v1/workspace/webhooks/{id}",
    operationId: "deleteWebhook",
    summary: "Delete a webhook endpoint (extension)",
    tag: "Webhooks",
    auth: "session",
    permission: "webhooks:write",
    responses: { 204: { description: "Deleted" } },
    errors: ["not_found"],
  },
  {
    method: "POST",
    path: "/v1/workspace/webhooks/{id}/rotate-secret",
    operationId: "rotateWebhookSecret",
    summary: "Rotate a webhook signing secret (extension)",
    description: "A new key id signs from now on; the old one is kept 24 h. The new secret is returned once.",
    tag: "Webhooks",
    auth: "session",
    permission: "webhooks:write",
    noBody: true,
    responses: ok(rotatedSecretSchema),
    errors: ["not_found"],
    idempotent: true,
  },
  {
    method: "GET",
    path: "/v1/workspace/webhooks/{id}/deliveries",
    operationId: "listDeliveries",
    summary: "Delivery log of an endpoint (extension)",
    tag: "Webhooks",
    auth: "session",
    permission: "webhooks:read",
    query: listDeliveriesQuery,
    responses: ok(page(deliverySchema)),
    errors: ["not_found"],
  },
  {
    method: "POST",
    path: "/v1/workspace/webhooks/{id}/deliveries/{deliveryId}/redeliver",
    operationId: "redeliver",
    summary: "Redeliver (extension)",
    tag: "Webhooks",
    auth: "session",
    permission: "webhooks:write",
    noBody: true,
    responses: { 202: { description: "Scheduled", schema: deliverySchema } },
    errors: ["not_found", "conflict"],
    idempotent: true,
  },
  {
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
    responses: { 202: { description: "Queued", schema: z.object({ queued: z.number().int() }) } },
    errors: ["not_found", "conflict"],
    idempotent: true,
  },
  {
    method: "POST",
    path: "/v1/workspace/webhooks/{id}/test",
    operationId: "sendTestEvent",
    summary: "Send a test event (extension)",
    tag: "Webhooks",
    auth: "session",
    permission: "webhooks:write",
    noBody: true,
    responses: { 202: { description: "Scheduled", schema: deliverySchema } },
    errors: ["not_found", "conflict"],
    idempotent: true,
  },
  {
    method: "POST",
    path: "/v1/webhooks/endpoints",
    operationId: "registerProjectWebhook",
    summary: "Register a project webhook endpoint (project key)",
    description:
      "Endpoints of the key's project; accepts every event of the catalog. The secret is returned once.",
    tag: "Webhooks",
    auth: "project_key",
    keyScope: "webhooks:write",
    body: createProjectWebhookBody,
    responses: created(createdWebhookSchema),
    errors: ["insufficient_scope"],
    idempotent: true,
  },
];
