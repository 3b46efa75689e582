import type { deliveries, deliveryAttempts } from "@/db/schema";

export interface DeliveryAttemptDto {
  attempt: number;
  started_at: string;
  duration_ms: number;
  status_code: number | null;
  /** The delivery's state after this attempt: succeeded, retry, gone or dead. */
  outcome: string;
  response_body: string | null;
  error: string | null;
}

export interface DeliveryDto {
  id: string;
  /** What the receiver sees as X-SVC-Webhook-Id and as the body's `id`. */
  event_id: string;
  event_type: string;
  endpoint_id: string;
  status: string;
  attempt_count: number;
  next_attempt_at: string | null;
  last_status_code: number | null;
  last_error: string | null;
  created_at: string;
  completed_at: string | null;
  attempts: DeliveryAttemptDto[];
}

export function serializeAttempt(a: typeof deliveryAttempts.$inferSelect): DeliveryAttemptDto {
  return {
    attempt: a.attempt,
    started_at: a.startedAt.toISOString(),
    duration_ms: a.durationMs,
    status_code: a.statusCode,
    outcome: a.outcome,
    response_body: a.responseBody,
    error: a.error,
  };
}

export function serializeDelivery(
  d: typeof deliveries.$inferSelect,
  eventType: string,
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
    attempts: attempts.map(serializeAttempt),
  };
}
