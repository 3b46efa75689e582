import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";
import { env } from "@/lib/env";
import { activeTraceId } from "@/lib/observability/tracing";

/** Keys whose values never reach a log line, whatever the caller passes, at any depth. */
const REDACT = /secret|password|token|authorization|cookie|api_?key|signature/i;

function scrub(value: unknown, depth = 0): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  if (depth > 4 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = REDACT.test(k) ? "[redacted]" : scrub(v, depth + 1);
  return out;
}

const base = pino({
  level: env.LOG_LEVEL,
  base: { service: "svc-control-plane" },
  timestamp: pino.stdTimeFunctions.isoTime,
  formatters: { level: (label) => ({ level: label }) },
});

/** Per-request context (request id), so every line logged while serving a request carries it. */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

type Fields = Record<string, unknown>;
function write(level: "debug" | "info" | "warn" | "error", msg: string, fields: Fields = {}): void {
  if (!base.isLevelEnabled(level)) return;
  const ctx = requestContext.getStore();
  // The trace id joins a log line to its trace (whose spans carry the same request id).
  const traceId = activeTraceId();
  base[level](
    {
      ...(scrub(fields) as Fields),
      ...(ctx ? { request_id: ctx.requestId } : {}),
      ...(traceId ? { trace_id: traceId } : {}),
    },
    msg,
  );
}

/** Structured JSON logs (pino) with secrets scrubbed by key and the request id attached. */
export const log = {
  debug: (msg: string, fields?: Fields) => write("debug", msg, fields),
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};

/** Flushes buffered lines (graceful shutdown). */
export function flushLogs(): void {
  base.flush();
}
