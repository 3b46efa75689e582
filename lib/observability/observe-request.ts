import { observeRequest } from "@/lib/observability/metrics";
import { withSpan } from "@/lib/observability/tracing";

/**
 * Wraps one API request (lib/http/handler.ts): a span carrying the request id (the same id the log
 * lines and the X-Request-Id header carry) under Next's root span, and the request's latency in
 * the `http_request_duration_seconds` histogram by route template and status. `route` is the
 * handler's declared template (lib/http/handler.ts), never the request's path.
 */
export function observeHandledRequest(
  req: Request,
  requestId: string,
  route: string,
  fn: () => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  return withSpan(
    `${req.method} ${route}`,
    { "svc.request_id": requestId, "http.request.method": req.method, "http.route": route },
    async (setAttributes) => {
      const res = await fn();
      setAttributes({ "http.response.status_code": res.status });
      observeRequest(req.method, route, res.status, (performance.now() - started) / 1000);
      return res;
    },
    "server",
  );
}
