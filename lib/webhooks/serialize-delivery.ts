import type { deliveries, deliveryAttempts } from "@/db/schema";
import type { DeliveryAttemptDto, DeliveryDto } from "@/lib/webhooks/delivery-schema";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";

export type { DeliveryAttemptDto, DeliveryDto };

export function serializeAttempt(a: typeof deliveryAttempts.$inferSelect): DeliveryAttemptDto {
  return {
    attempt: a.attempt,
    started_at: a.startedAt.toISOString(),
    duration_ms: a.durationMs,
    status_code: a.statusCode,
    outcome: a.outcome,
    response_body: a.responseBody,
    error: a.error,
    finished_at: new Date(a.startedAt.getTime() + a.durationMs).toISOString(),
    request_headers: a.requestHeaders,
    response_headers: a.responseHeaders,
    error_class: a.errorClass,
  };
}

export function serializeDelivery(
  d: typeof deliveries.$inferSelect,
  eventType: DeliveryEventType,
  attempts: (typeof deliveryAttempts.$inferSelect)[],
): DeliveryDto {
  return {
    id: d.id,
    event_id: d.webhookId,
    event_type: eventType,
    endpoint_id: d.endpointId,
    status: d.status,
    attempt_count: d.attemptCount,
    next_attempt_at: d.status === "pending" ? (d.nextAttemptAt?.toISOString() ?? null) : null,
    last_status_code: d.lastStatusCode,
    last_error: d.lastError,
    created_at: d.createdAt.toISOString(),
    completed_at: d.completedAt?.toISOString() ?? null,
    request_body: d.body,
    attempts: attempts.map(serializeAttempt),
  };
}
