import { env } from "@/lib/env";
import { delayAfterRetryAfter, parseRetryAfter } from "@/lib/webhooks/delivery/backpressure";

/** docs/spec/service-spec.md "Delivery rules": seven attempts at 0 s, 10 s, 1 m, 5 m, 15 m, 1 h, 4 h after the previous one. */
export const DEFAULT_SCHEDULE_SEC = [0, 10, 60, 300, 900, 3600, 14_400] as const;
export const MAX_ATTEMPTS = 7;
const JITTER = 0.2;

/** The seven delays in seconds: those of docs/spec/service-spec.md, or the operator's `SVC_WEBHOOK_RETRY_SCHEDULE`. */
export function retrySchedule(): readonly number[] {
  return env.SVC_WEBHOOK_RETRY_SCHEDULE ?? DEFAULT_SCHEDULE_SEC;
}

/** The delay before attempt `k` (1-based, within the current schedule), with ±20 % jitter. */
export function delayBeforeAttemptMs(k: number, random: () => number = Math.random): number {
  const seconds = retrySchedule()[Math.min(Math.max(k, 1), MAX_ATTEMPTS) - 1] ?? 0;
  return Math.round(seconds * 1000 * (1 - JITTER + 2 * JITTER * random()));
}

export type Verdict =
  | { status: "succeeded" }
  | { status: "gone" }
  | { status: "dead" }
  | { status: "pending"; retryInMs: number };

/**
 * What an attempt's outcome means for the delivery: 2xx succeeds; 410 ends it; anything else
 * (other statuses, redirects, timeouts, network and policy errors) retries until the schedule's
 * seventh attempt, after which the delivery is dead-lettered.
 */
export function judgeAttempt(
  statusCode: number | null,
  attemptInSchedule: number,
  random: () => number = Math.random,
  backpressure?: { retryAfter: string | undefined; now: number },
): Verdict {
  if (statusCode !== null && statusCode >= 200 && statusCode < 300) return { status: "succeeded" };
  if (statusCode === 410) return { status: "gone" };
  if (attemptInSchedule >= MAX_ATTEMPTS) return { status: "dead" };
  const scheduled = delayBeforeAttemptMs(attemptInSchedule + 1, random);
  // 429/503 with Retry-After: no earlier than asked, at most twice the schedule (0942).
  const asked =
    (statusCode === 429 || statusCode === 503) && backpressure
      ? parseRetryAfter(backpressure.retryAfter, backpressure.now)
      : undefined;
  return {
    status: "pending",
    retryInMs: asked === undefined ? scheduled : delayAfterRetryAfter(scheduled, asked),
  };
}
