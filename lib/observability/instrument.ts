import { metrics, observeDeliveryAttempt } from "@/lib/observability/metrics";
import { withSpan } from "@/lib/observability/tracing";

/**
 * The one call each of the delivery, email and job code makes into observability: a span around
 * the outgoing call and its metrics. Kept here so those modules stay about their own work.
 */

interface PostLike {
  startedAt: Date;
  statusCode: number | null;
}

/** A webhook POST: a client span with the receiver's status, then the attempt counted by outcome. */
export async function observeWebhookPost<R>(
  delivery: { id: string; endpointId: string; nextAttemptAt: Date | null },
  attempt: number,
  post: () => Promise<R>,
  resultOf: (r: R) => PostLike,
): Promise<R> {
  return withSpan(
    "webhook.post",
    { "svc.delivery_id": delivery.id, "svc.endpoint_id": delivery.endpointId, "svc.attempt": attempt },
    async (set) => {
      const sent = await post();
      const { statusCode } = resultOf(sent);
      if (statusCode !== null) set({ "http.response.status_code": statusCode });
      return sent;
    },
    "client",
  );
}

/** After the attempt is judged: its outcome and its lag behind the time it was due. */
export function countDeliveryAttempt(
  state: "pending" | "succeeded" | "gone" | "dead",
  dueAt: Date | null,
  startedAt: Date,
): void {
  observeDeliveryAttempt(state === "pending" ? "retry" : state, dueAt, startedAt);
}

type SendOutcomeLike = { ok: true } | { ok: false; transient: boolean };

/** An email send: a client span, and the send counted as sent, transient or permanent failure. */
export async function observeEmailSend<R extends SendOutcomeLike>(
  emailId: string,
  send: () => Promise<R>,
): Promise<R> {
  return withSpan(
    "email.send",
    { "svc.email_id": emailId },
    async (set) => {
      const outcome = await send();
      const label = outcome.ok ? "sent" : outcome.transient ? "transient_error" : "permanent_error";
      set({ "svc.email_outcome": label });
      metrics().emailSends.inc({ outcome: label });
      return outcome;
    },
    "client",
  );
}

/** A background job's pass or run: an internal span and its duration by outcome. */
export async function observeJob<R>(jobId: string, run: () => Promise<R>): Promise<R> {
  const started = performance.now();
  let outcome: "ok" | "error" = "error";
  try {
    const result = await withSpan(`job ${jobId}`, { "svc.job": jobId }, run);
    outcome = "ok";
    return result;
  } finally {
    metrics().jobRuns.observe({ job: jobId, outcome }, (performance.now() - started) / 1000);
  }
}
