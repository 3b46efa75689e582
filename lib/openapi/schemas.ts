import { z } from "zod";
import { ERROR_STATUS } from "@/lib/http/errors";
import type { CreatedWebhook } from "@/lib/webhooks/create-webhook";
import { ERROR_CLASSES } from "@/lib/webhooks/delivery/error-class";
import { CATALOG_EVENTS, TEST_EVENT } from "@/lib/webhooks/event-catalog";
import type { RotatedSecret } from "@/lib/webhooks/rotate-signing-secret";
import type { DeliveryDto } from "@/lib/webhooks/serialize-delivery";
import type { WebhookDto } from "@/lib/webhooks/serialize-webhook";
import { itemsOnly, page, prefixedId, timestamp } from "@/lib/wire";

/**
 * Response schemas of the OpenAPI document. Request schemas are never defined here: the registry
 * imports the very zod objects the handlers parse with. Responses are plain serializers in lib/, so
 * each schema below is pinned to its serializer's type (same field names, checked by tsc) and to
 * real answers (tests/openapi.test.ts validates live responses against it).
 */

const id = prefixedId;

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.enum(Object.keys(ERROR_STATUS) as [keyof typeof ERROR_STATUS, ...(keyof typeof ERROR_STATUS)[]]),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: "Problem", description: "RFC 7807 problem details (application/problem+json)." });

const webhookFields = {
  id: id("wh_"),
  url: z.string(),
  events: z.array(z.enum(CATALOG_EVENTS)),
  active: z.boolean(),
  description: z.string().nullable(),
  project_id: id("prj_").nullable().meta({ description: "null: org-wide (endpoint 9)" }),
  created_at: timestamp,
  rate_limit: z.number().nullable().meta({ description: "Deliveries per second at most; null: unlimited." }),
  health: z
    .object({
      status: z.enum(["healthy", "failing", "disabled"]),
      failing_since: timestamp.nullable(),
      last_success_at: timestamp.nullable(),
      last_error: z.string().nullable(),
      disabled_at: timestamp.nullable(),
      disabled_reason: z.string().nullable(),
    })
    .meta({ description: "healthy, failing (since when, last error) or disabled (why)." }),
};

export const webhookSchema = z.object(webhookFields).meta({ id: "WebhookEndpoint" });

export const createdWebhookSchema = z
  .object({
    ...webhookFields,
    signing_secret: z.string().startsWith("whsec_").meta({ description: "Shown once." }),
  })
  .meta({ id: "CreatedWebhookEndpoint" });

export const webhookDetailSchema = z
  .object({
    ...webhookFields,
    signing_keys: z.array(
      z.object({ kid: z.string(), created_at: timestamp, expires_at: timestamp.nullable() }),
    ),
  })
  .meta({ id: "WebhookEndpointDetail" });

export const rotatedSecretSchema = z
  .object({
    id: id("wh_"),
    kid: z.string(),
    signing_secret: z.string().startsWith("whsec_"),
    previous_kid: z.string().nullable(),
    previous_kid_expires_at: timestamp.nullable(),
  })
  .meta({ id: "RotatedSigningSecret" });

export const deliverySchema = z
  .object({
    id: id("dlv_"),
    event_id: id("evt_"),
    event_type: z.enum([...CATALOG_EVENTS, TEST_EVENT]),
    endpoint_id: id("wh_"),
    status: z.enum(["pending", "succeeded", "gone", "dead", "cancelled", "skipped"]),
    attempt_count: z.number().int(),
    next_attempt_at: timestamp.nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: timestamp,
    completed_at: timestamp.nullable(),
    request_body: z.string().meta({ description: "The body as sent and signed on every attempt." }),
    attempts: z.array(
      z.object({
        attempt: z.number().int(),
        started_at: timestamp,
        duration_ms: z.number().int(),
        status_code: z.number().int().nullable(),
        outcome: z.enum(["succeeded", "retry", "gone", "dead"]),
        response_body: z.string().nullable().meta({ description: "The first 4 KiB of the response." }),
        error: z.string().nullable(),
        finished_at: timestamp,
        request_headers: z.record(z.string(), z.string()).nullable(),
        response_headers: z.record(z.string(), z.string()).nullable(),
        error_class: z.enum(ERROR_CLASSES).nullable(),
      }),
    ),
  })
  .meta({ id: "Delivery" });

export { itemsOnly, page };

// Field names of each schema equal those of its serializer's type: a field added on one side only
// fails the type check (values are checked against live responses by the tests).
type SameKeys<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never]
  ? true
  : false;
function pinned<_T extends true>(): void {}
pinned<SameKeys<z.output<typeof webhookSchema>, WebhookDto>>();
pinned<SameKeys<z.output<typeof createdWebhookSchema>, CreatedWebhook>>();
pinned<SameKeys<z.output<typeof rotatedSecretSchema>, RotatedSecret>>();
pinned<SameKeys<z.output<typeof deliverySchema>, DeliveryDto>>();
