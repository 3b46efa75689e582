import { z } from "zod";
import { optionalString, rateLimitOverrides } from "@/lib/env-fields";

/**
 * Limits per org and rate limits, and where their counters live. Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const limitSettings = {
  /**
   * Webhook endpoints an org may hold; one more is 409 limit_reached (docs/decisions/1025).
   * @default 100
   */
  SVC_ORG_MAX_WEBHOOK_ENDPOINTS: z.coerce.number().int().min(1).default(100),
  /**
   * API keys not revoked an org may hold; one more is 409 limit_reached (docs/decisions/1025).
   * @default 200
   */
  SVC_ORG_MAX_API_KEYS: z.coerce.number().int().min(1).default(200),
  /**
   * Where rate-limit counters live: `memory` (one process), `postgres` or `redis` (shared by every
   * instance). Default: redis with REDIS_URL, else postgres with DATABASE_URL, else memory.
   * @default redis with REDIS_URL, else postgres with DATABASE_URL, else memory
   */
  SVC_RATE_LIMIT_STORE: z.enum(["memory", "postgres", "redis"]).optional(),
  /**
   * A Redis-protocol server (`redis://` or `rediss://`): rate-limit counters live there when set.
   * @example redis://127.0.0.1:6379
   */
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional(),
  ),
  /** Per-policy overrides, e.g. `room-tokens=6000/60,session=off` (benchmarks, big customers). */
  SVC_RATE_LIMITS: rateLimitOverrides,
};
