import { Redis } from "ioredis";
import { type IRateLimiterStoreOptions, RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import { env } from "@/lib/env";

/**
 * The Redis store (REDIS_URL): counters shared by every instance without a write to PostgreSQL per
 * request. Any Redis-protocol service works (Redis, Valkey, Upstash's TCP endpoint). As with the
 * PostgreSQL store, an unreachable server falls back to an in-memory limiter of the same policy
 * (the library's insurance) rather than a 500.
 */
const state = globalThis as typeof globalThis & { __svcRedis?: Redis };

export function redisClient(): Redis {
  if (!env.REDIS_URL) throw new Error("REDIS_URL is not set");
  state.__svcRedis ??= new Redis(env.REDIS_URL, {
    // A command waits for the first connection, but fails fast once Redis is gone: the insurance
    // limiter answers instead of a request hanging on a queue.
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
  });
  // An unhandled 'error' event would crash the process; reconnection is the client's business.
  if (state.__svcRedis.listenerCount("error") === 0) state.__svcRedis.on("error", () => {});
  return state.__svcRedis;
}

export function redisLimiter(opts: {
  keyPrefix: string;
  points: number;
  duration: number;
}): RateLimiterRedis {
  const options: IRateLimiterStoreOptions = {
    ...opts,
    storeClient: redisClient(),
    insuranceLimiter: new RateLimiterMemory(opts),
  };
  return new RateLimiterRedis(options);
}

/** Forgets every counter under a policy's prefix (tests). */
export async function clearRedisPrefix(prefix: string): Promise<void> {
  const client = redisClient();
  let cursor = "0";
  do {
    const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}:*`, "COUNT", 500);
    if (keys.length > 0) await client.del(...keys);
    cursor = next;
  } while (cursor !== "0");
}

/** Graceful shutdown. */
export async function closeRedis(): Promise<void> {
  const client = state.__svcRedis;
  state.__svcRedis = undefined;
  await client?.quit().catch(() => client.disconnect());
}
