import type { webhookEndpoints } from "@/db/schema";

/** Endpoint health (docs/decisions/0943): derived from the row, never stored as a word. */
export interface WebhookHealthDto {
  status: "healthy" | "failing" | "disabled";
  /** The first failed attempt since the last success; null when healthy. */
  failing_since: string | null;
  last_success_at: string | null;
  last_error: string | null;
  disabled_at: string | null;
  /** Why it is disabled: health's automatic reason, or "disabled by a member". */
  disabled_reason: string | null;
}

/** The API's webhook endpoint (spec, decisions §6). The signing secret is never part of it. */
export interface WebhookDto {
  id: string;
  url: string;
  events: string[];
  active: boolean;
  description: string | null;
  /** null: org-wide (endpoint 9); set: registered with a project key (endpoint 15). */
  project_id: string | null;
  created_at: string;
  /** Deliveries per second at most; null: unlimited (docs/decisions/0942). */
  rate_limit: number | null;
  health: WebhookHealthDto;
}

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
  };
}
