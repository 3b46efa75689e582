import { z } from "zod";
import { optionalString, retrySchedule } from "@/lib/env-fields";

/**
 * Webhook delivery (docs/webhook-delivery.md). Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const webhookSettings = {
  /**
   * Seven webhook retry delays in seconds (decimals allowed; ±20 % jitter still applies); tests compress time with it.
   * @default `0,10,60,300,900,3600,14400`
   */
  SVC_WEBHOOK_RETRY_SCHEDULE: retrySchedule,
  /** Hours an endpoint may fail every delivery before it is disabled (decimals: tests compress time). */
  SVC_WEBHOOK_DISABLE_AFTER_HOURS: z.coerce.number().positive().default(120),
  /** PEM file of extra CA certificates trusted (besides the system roots) by webhook delivery. */
  SVC_WEBHOOK_CA_FILE: optionalString,
  /**
   * One attempt's deadline in ms, from when its request has a socket (docs/decisions/1024); at
   * most 30 s, as a claim's 60 s lease must outlast an attempt.
   * @default 10000
   */
  SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS: z.coerce.number().int().min(50).max(30_000).default(10_000),
  /**
   * Webhook attempts in flight at once per endpoint, across the deployment (fair delivery,
   * docs/decisions/1023).
   * @default 16
   */
  SVC_WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(16),
  /**
   * Webhook attempts in flight at once per org, across the deployment (fair delivery,
   * docs/decisions/1023).
   * @default 64
   */
  SVC_WEBHOOK_ORG_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(64),
  /** Days a webhook delivery (payload and attempts) is kept after it ended (delivered or dead). */
  SVC_WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
};
