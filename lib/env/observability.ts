import { z } from "zod";
import { optionalString } from "@/lib/env-fields";

/**
 * Logs, traces and metrics. Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const observabilitySettings = {
  /** `debug`, `info`, `warn`, `error` or `silent` (JSON lines, secrets scrubbed). */
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  /**
   * OTLP/HTTP collector base URL (traces go to `<url>/v1/traces`); tracing is off without it.
   * @example http://localhost:4318
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(z.url().optional()),
  /**
   * OTLP/HTTP encoding of exported traces; read by `@vercel/otel` itself (docs/decisions/1015).
   * @default `http/protobuf`
   */
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(["http/protobuf", "http/json"]).optional(),
  /** Headers sent with exported traces, `key=value,…` (e.g. a collector's API key); read by `@vercel/otel`. */
  OTEL_EXPORTER_OTLP_HEADERS: optionalString,
  /** `service.name` of exported traces. */
  OTEL_SERVICE_NAME: z.string().default("svc-control-plane"),
  /** Bearer secret that opens GET /metrics (Prometheus); /metrics is 404 without it. */
  SVC_METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, "must be at least 16 characters (`openssl rand -hex 24`)").optional(),
  ),
};
