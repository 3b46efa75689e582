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
  /** The debugger (0945): when it ended (ms), the headers as sent and as answered, the error's class. */
  finished_at: string;
  request_headers: Record<string, string> | null;
  response_headers: Record<string, string> | null;
  error_class: string | null;
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
  /** The request body exactly as sent and signed on every attempt. */
  request_body: string;
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
    finished_at: new Date(a.startedAt.getTime() + a.durationMs).toISOString(),
    request_headers: a.requestHeaders,
    response_headers: a.responseHeaders,
    error_class: a.errorClass,
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
    request_body: d.body,
    attempts: attempts.map(serializeAttempt),
  };
}
