import { requestContext } from "@/lib/log/logger";
import type { RateLimitDecision } from "@/lib/ratelimit/limiter";

/**
 * Every rate limit a request spends is announced on its answer (docs/decisions/1018): the
 * `RateLimit` and `RateLimit-Policy` fields its contract declares (lib/openapi/document.ts), on
 * success and refusal alike, whichever code path spent it. Decisions are kept beside the request's
 * context (lib/log/logger.ts), so the hot path pays no extra async scope; lib/http/handler.ts
 * writes them out once the answer is made.
 */
const announced = new WeakMap<object, Map<string, RateLimitDecision>>();

/** Called by RateLimit.consume: the newest decision per policy wins. */
export function announce(d: RateLimitDecision): void {
  if (d.off || d.policy.record || d.policy.shared) return;
  const ctx = requestContext.getStore();
  if (!ctx) return;
  let byPolicy = announced.get(ctx);
  if (!byPolicy) {
    byPolicy = new Map();
    announced.set(ctx, byPolicy);
  }
  byPolicy.set(d.policy.name, d);
}

/** The fields for every policy the current request spent (a list when several), or null. */
export function announcedRateLimitHeaders(): { RateLimit: string; "RateLimit-Policy": string } | null {
  const ctx = requestContext.getStore();
  const byPolicy = ctx ? announced.get(ctx) : undefined;
  if (!byPolicy || byPolicy.size === 0) return null;
  const decisions = [...byPolicy.values()];
  return {
    RateLimit: decisions.map((d) => `"${d.policy.name}";r=${d.remaining};t=${d.resetSec}`).join(", "),
    "RateLimit-Policy": decisions
      .map((d) => `"${d.policy.name}";q=${d.policy.points};w=${d.policy.durationSec}`)
      .join(", "),
  };
}
