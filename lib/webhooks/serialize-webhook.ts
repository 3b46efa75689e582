import type { webhookEndpoints } from "@/db/schema";
import type { WebhookDto, WebhookHealthDto } from "@/lib/webhooks/endpoint-schema";

export type { WebhookDto, WebhookHealthDto };

type EndpointRow = typeof webhookEndpoints.$inferSelect;

export function serializeHealth(w: EndpointRow): WebhookHealthDto {
  const status = !w.active ? "disabled" : w.failingSince ? "failing" : "healthy";
  return {
    status,
    failing_since: w.failingSince?.toISOString() ?? null,
    last_success_at: w.lastSuccessAt?.toISOString() ?? null,
    last_error: status === "healthy" ? null : w.lastFailureError,
    disabled_at: status === "disabled" ? (w.disabledAt?.toISOString() ?? null) : null,
    disabled_reason: status === "disabled" ? (w.disabledReason ?? "disabled by a member") : null,
  };
}

/** The API's webhook endpoint (docs/spec/service-spec.md; docs/spec/product-decisions.md §6). The signing secret is never part of it. */
export function serializeWebhook(w: EndpointRow): WebhookDto {
  return {
    id: w.id,
    url: w.url,
    events: w.events,
    active: w.active,
    description: w.description,
    project_id: w.projectId,
    created_at: w.createdAt.toISOString(),
    rate_limit: w.rateLimit,
    health: serializeHealth(w),
    kind: w.kind,
    expires_at: w.expiresAt?.toISOString() ?? null,
  };
}
