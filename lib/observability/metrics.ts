import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * Prometheus metrics (GET /metrics, docs/decisions/0963). One registry per process, kept on
 * globalThis: Next bundles route handlers separately, and every bundle must count into the same
 * registry. Domain code reports through the small functions below (one call site each), never
 * through prom-client directly.
 */
interface Metrics {
  registry: Registry;
  requests: Histogram<"method" | "route" | "status">;
  deliveryAttempts: Counter<"outcome">;
  deliveryLag: Histogram<never>;
  emailSends: Counter<"outcome">;
  jobRuns: Histogram<"job" | "outcome">;
  queueDepth: Gauge<"queue" | "state">;
  tokenSignatures: Counter<"signer">;
  /** Set by the /metrics route; kept here, not in a module variable, for the same bundling reason. */
  depthReader?: DepthReader;
}

const g = globalThis as typeof globalThis & { __svcMetrics?: Metrics };

/** Queue depths are read from the database when scraped; lib/observability/queue-depths.ts fills them. */
type DepthReader = () => Promise<{ queue: string; state: string; count: number }[]>;

export function setQueueDepthReader(reader: DepthReader): void {
  metrics().depthReader = reader;
}

function create(): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ service: "svc-control-plane" });
  // Event-loop lag, heap and RSS, GC, handles: prom-client's standard process metrics.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  return {
    registry,
    requests: new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests served by the API, by method, route template and status",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    deliveryAttempts: new Counter({
      name: "webhook_delivery_attempts_total",
      help: "Webhook delivery attempts by outcome (succeeded, retry, gone, dead)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    deliveryLag: new Histogram({
      name: "webhook_delivery_lag_seconds",
      help: "From when a delivery attempt was due to when it was made",
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900],
      registers: [registry],
    }),
    emailSends: new Counter({
      name: "email_sends_total",
      help: "Invitation email sends by outcome (sent, transient_error, permanent_error)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    jobRuns: new Histogram({
      name: "background_job_duration_seconds",
      help: "Background job passes and runs, by job and outcome",
      labelNames: ["job", "outcome"],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60],
      registers: [registry],
    }),
    tokenSignatures: new Counter({
      name: "token_signatures_total",
      help: "Room-token signatures by where they were made (worker: the batched signing worker; thread_pool: its fallback)",
      labelNames: ["signer"],
      registers: [registry],
    }),
    queueDepth: new Gauge({
      name: "queue_depth",
      help: "Rows waiting in a queue by state (deliveries: due, scheduled, dead; emails: due, held, failed)",
      labelNames: ["queue", "state"],
      registers: [registry],
      async collect() {
        const read = g.__svcMetrics?.depthReader;
        if (!read) return;
        this.reset();
        for (const d of await read()) this.set({ queue: d.queue, state: d.state }, d.count);
      },
    }),
  };
}

export function metrics(): Metrics {
  g.__svcMetrics ??= create();
  return g.__svcMetrics;
}

/**
 * The `route` label of a request no route template names (an unknown path, an id that matched
 * nothing): one value for all of them, so no client can mint new series (docs/decisions/1013).
 */
export const UNMATCHED_ROUTE = "unmatched";

/** Methods a route handler can be called with; anything else would be a client-chosen label. */
const METHOD_LABELS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * `route` is the route's template as declared in code (a contract's path, or a literal beside the
 * handler; UNMATCHED_ROUTE otherwise), never taken from the request's path: every label comes
 * from a closed set.
 */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const m = METHOD_LABELS.has(method) ? method : "other";
  metrics().requests.observe({ method: m, route, status: String(status) }, seconds);
}

/** One call per recorded delivery attempt: its outcome and how late it was against its due time. */
export function observeDeliveryAttempt(outcome: string, dueAt: Date | null, attemptedAt: Date): void {
  const m = metrics();
  m.deliveryAttempts.inc({ outcome });
  if (dueAt) m.deliveryLag.observe(Math.max(0, (attemptedAt.getTime() - dueAt.getTime()) / 1000));
}

/** Room-token signatures made (lib/tokens/sign-on-worker.ts): once per answered batch, not per token. */
export function countTokenSignatures(signer: "worker" | "thread_pool", count: number): void {
  metrics().tokenSignatures.inc({ signer }, count);
}

/** The exposition text and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
