/**
 * A process with tracing registered as the server registers it (OTEL_EXPORTER_OTLP_ENDPOINT set by
 * the test): makes `SPANS` spans named `probe-span-<i>`, flushes every exporter, prints "flushed".
 */
import { trace } from "@opentelemetry/api";
import { registerTracing, withSpan } from "@/lib/observability/tracing";

const SPANS = 5;
await registerTracing();
for (let i = 0; i < SPANS; i++) await withSpan(`probe-span-${i}`, {}, async () => {});
const provider = trace.getTracerProvider() as { getDelegate?: () => unknown };
const delegate = (provider.getDelegate?.() ?? provider) as { forceFlush?: () => Promise<void> };
await delegate.forceFlush?.();
process.stdout.write("flushed\n");
process.exit(0);
