import { safeEqual } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

/**
 * GET /metrics: off (404, as if absent) without SVC_METRICS_TOKEN; otherwise the scraper sends it
 * as a Bearer token, compared in constant time.
 */
export function authorizeScrape(req: Request): void {
  const expected = env.SVC_METRICS_TOKEN;
  if (!expected) throw new ApiError("not_found", "No such resource.");
  const presented = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization")?.trim() ?? "")?.[1];
  if (!presented || !safeEqual(presented, expected)) {
    throw new ApiError("unauthenticated", "Send SVC_METRICS_TOKEN as a Bearer token.", {
      headers: { "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
  }
}
