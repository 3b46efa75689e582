import { type Attributes, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import { env } from "@/lib/env";

/**
 * Traces (OpenTelemetry). The SDK is registered only when OTEL_EXPORTER_OTLP_ENDPOINT is set;
 * otherwise the API below hands out no-op spans and costs next to nothing. Next itself opens the
 * request's root span; ours hang under it: database queries, webhook POSTs, email sends, jobs.
 */
const tracer = () => trace.getTracer("svc-control-plane");

let registered = false;

/** Whether spans are exported: database clients are wrapped only then (lib/db.ts). */
export function tracingEnabled(): boolean {
  return env.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined;
}

/**
 * Called once by instrumentation.ts before the server starts. `@vercel/otel` builds the one OTLP
 * exporter itself from the standard OTEL_EXPORTER_OTLP_* variables (endpoint, protocol, headers):
 * passing an exporter of our own as well exported every span twice (docs/decisions/1015).
 */
export async function registerTracing(): Promise<void> {
  if (registered || !env.OTEL_EXPORTER_OTLP_ENDPOINT) return;
  registered = true;
  const { registerOTel } = await import("@vercel/otel");
  registerOTel({ serviceName: env.OTEL_SERVICE_NAME, traceExporter: "auto" });
}

export type SpanKindName = "internal" | "client" | "server";
const KINDS = { internal: SpanKind.INTERNAL, client: SpanKind.CLIENT, server: SpanKind.SERVER } as const;

/**
 * Runs `fn` inside a span named `name` (a child of whatever span is active). A throw marks the
 * span as an error and is rethrown; `fn` may add attributes (status codes, outcomes) as it learns them.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (setAttributes: (a: Attributes) => void) => Promise<T>,
  kind: SpanKindName = "internal",
): Promise<T> {
  return tracer().startActiveSpan(name, { attributes, kind: KINDS[kind] }, async (span) => {
    try {
      return await fn((a) => span.setAttributes(a));
    } catch (err) {
      span.recordException(err instanceof Error ? err : String(err));
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: err instanceof Error ? err.message : String(err),
      });
      throw err;
    } finally {
      span.end();
    }
  });
}

/** The trace id of the active span (for log lines), or undefined when nothing is traced. */
export function activeTraceId(): string | undefined {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && trace.isSpanContextValid(ctx) ? ctx.traceId : undefined;
}
