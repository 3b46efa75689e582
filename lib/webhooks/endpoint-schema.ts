import { z } from "zod";
import { CATALOG_EVENTS } from "@/lib/webhooks/event-catalog";
import { prefixedId, timestamp } from "@/lib/wire";

/**
 * A webhook endpoint as the API answers it (docs/spec/service-spec.md; docs/spec/product-decisions.md §6; docs/decisions/0820): the DTO
 * types are inferred from these schemas, so the serializers cannot drift from the document.
 * The signing secret is never part of an endpoint, only of the create and rotate answers.
 */

/** Endpoint health (docs/decisions/0943): derived from the row, never stored as a word. */
export const webhookHealthSchema = z
  .object({
    status: z.enum(["healthy", "failing", "disabled"]),
    failing_since: timestamp
      .nullable()
      .meta({ description: "The first failed attempt since the last success; null when healthy." }),
    last_success_at: timestamp.nullable(),
    last_error: z.string().nullable(),
    disabled_at: timestamp.nullable(),
    disabled_reason: z
      .string()
      .nullable()
      .meta({ description: 'Why it is disabled: health\'s automatic reason, or "disabled by a member".' }),
  })
  .meta({ id: "WebhookHealth", description: "healthy, failing (since when, last error) or disabled (why)." });
export type WebhookHealthDto = z.output<typeof webhookHealthSchema>;

const webhookFields = {
  id: prefixedId("wh_"),
  url: z.string(),
  events: z.array(z.enum(CATALOG_EVENTS)),
  active: z.boolean(),
  description: z.string().nullable(),
  project_id: prefixedId("prj_")
    .nullable()
    .meta({ description: "null: org-wide (endpoint 9); set: registered with a project key (endpoint 15)." }),
  created_at: timestamp,
  rate_limit: z
    .number()
    .nullable()
    .meta({ description: "Deliveries per second at most; null: unlimited (docs/decisions/0942)." }),
  health: webhookHealthSchema,
  kind: z.enum(["https", "inbox"]).meta({
    description:
      "`https`: posted to `url`; `inbox`: the built-in test inbox, received by the service itself (docs/decisions/1073).",
  }),
  expires_at: timestamp.nullable().meta({ description: "When a test inbox expires; null for `https`." }),
};

export const webhookSchema = z.object(webhookFields).meta({ id: "WebhookEndpoint" });
export type WebhookDto = z.output<typeof webhookSchema>;

export const createdWebhookSchema = z
  .object({
    ...webhookFields,
    signing_secret: z.string().startsWith("whsec_").meta({ description: "Shown once." }),
  })
  .meta({ id: "CreatedWebhookEndpoint" });
export type CreatedWebhook = z.output<typeof createdWebhookSchema>;

export const signingKeySchema = z.object({
  kid: z.string(),
  created_at: timestamp,
  expires_at: timestamp.nullable(),
});

export const webhookDetailSchema = z
  .object({ ...webhookFields, signing_keys: z.array(signingKeySchema) })
  .meta({ id: "WebhookEndpointDetail" });
export type WebhookDetailDto = z.output<typeof webhookDetailSchema>;

export const rotatedSecretSchema = z
  .object({
    id: prefixedId("wh_"),
    kid: z.string(),
    signing_secret: z.string().startsWith("whsec_").meta({ description: "Shown once." }),
    previous_kid: z.string().nullable(),
    previous_kid_expires_at: timestamp.nullable(),
  })
  .meta({ id: "RotatedSigningSecret" });
export type RotatedSecret = z.output<typeof rotatedSecretSchema>;

export const recoveredSchema = z
  .object({ queued: z.number().int().meta({ description: "Deliveries that start over." }) })
  .meta({ id: "RecoveredDeliveries" });
