import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";

const SAFE = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF defence for cookie-authenticated mutations: a browser always sends `Origin` on a
 * cross-site POST/PUT/PATCH/DELETE, so one naming another host is refused. Requests without
 * `Origin` (servers, curl) and Bearer-authenticated requests carry no ambient credential to abuse.
 */
export function assertSameOrigin(req: Request): void {
  if (SAFE.has(req.method)) return;
  const origin = req.headers.get("origin");
  const fetchSite = req.headers.get("sec-fetch-site");
  if (!origin) {
    if (fetchSite === "cross-site") throw csrf();
    return;
  }
  let originHost: string;
  try {
    originHost = new URL(origin).host;
  } catch {
    throw csrf();
  }
  // X-Forwarded-Host is whatever the client says unless a proxy we trust sets it: believed only with
  // AUTH_TRUST_HOST=true, as next-auth does (docs/decisions/1056).
  const forwarded = env.AUTH_TRUST_HOST ? req.headers.get("x-forwarded-host") : null;
  const host = forwarded ?? req.headers.get("host") ?? new URL(req.url).host;
  if (originHost !== host) throw csrf();
}

function csrf(): ApiError {
  return new ApiError(
    "csrf_failed",
    "Cross-site requests with the session cookie are refused; send the session as a Bearer token from servers.",
  );
}
