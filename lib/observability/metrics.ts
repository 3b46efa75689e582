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
  mediaItems: Counter<"outcome">;
  /** Set by the /metrics route; kept here, not in a module variable, for the same bundling reason. */
  depthReader?: DepthReader;
  // Usage (issue 44, docs/decisions/1313): never labelled by org or project.
  usageMonth: Gauge<"metric">;
  usagePasses: Counter<never>;
  usageHoursDeferred: Counter<never>;
  usageNotices: Counter<"threshold">;
  roomTokensMinted: Counter<never>;
  usageReader?: UsageReader;
}

/** This UTC month's usage of every org, summed per metric (lib/usage/usage-totals.ts). */
type UsageReader = () => Promise<{ metric: string; value: number }[]>;

export function setUsageReader(reader: UsageReader): void {
  metrics().usageReader = reader;
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
    mediaItems: new Counter({
      name: "media_intake_items_total",
      help: "Media-plane observations and reports taken from the intake, by outcome (applied, unchanged, ignored: another node's room, retried, dead_lettered)",
      labelNames: ["outcome"],
      registers: [registry],
    }),
    usageMonth: new Gauge({
      name: "usage_month_to_date",
      help: "This UTC month's metered usage of all orgs together, by metric (participant_minutes, recording_minutes, room_tokens, …)",
      labelNames: ["metric"],
      registers: [registry],
      async collect() {
        const read = g.__svcMetrics?.usageReader;
        if (!read) return;
        this.reset();
        for (const u of await read()) this.set({ metric: u.metric }, u.value);
      },
    }),
    usagePasses: new Counter({
      name: "usage_rollup_passes_total",
      help: "Usage rollup passes this instance ran",
      registers: [registry],
    }),
    usageHoursDeferred: new Counter({
      name: "usage_rollup_hours_deferred_total",
      help: "Marked (org, UTC hour)s whose participant-minutes rollup failed even alone and was moved behind the others (docs/decisions/1410)",
      registers: [registry],
    }),
    usageNotices: new Counter({
      name: "usage_threshold_notices_total",
      help: "Quota threshold notices (usage.threshold) this instance sent, by threshold (80, 100)",
      labelNames: ["threshold"],
      registers: [registry],
    }),
    roomTokensMinted: new Counter({
      name: "room_tokens_minted_total",
      help: "Room tokens this instance minted",
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

/** Media intake items by outcome (lib/media/apply-intake.ts): once per applied chunk. */
export function countMediaItems(
  outcome: "applied" | "unchanged" | "ignored" | "retried" | "dead_lettered",
  n: number,
): void {
  if (n > 0) metrics().mediaItems.inc({ outcome }, n);
}

/** Usage's own work (lib/usage/): a rollup pass, the notices it sent, room tokens minted. */
export function countUsagePass(notices: { threshold: number }[]): void {
  const m = metrics();
  m.usagePasses.inc();
  for (const n of notices) m.usageNotices.inc({ threshold: String(n.threshold) });
}

/** Hours the usage rollup moved behind the others this pass (docs/decisions/1410). */
export function countUsageHoursDeferred(n: number): void {
  if (n > 0) metrics().usageHoursDeferred.inc(n);
}

export function countRoomTokenMint(): void {
  metrics().roomTokensMinted.inc();
}

/** The exposition text and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
