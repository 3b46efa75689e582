import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overrideEnvForTests, parseEnv } from "@/lib/env";
import { RateLimit } from "@/lib/ratelimit/limiter";
import { closeRedis, redisClient } from "@/lib/ratelimit/redis-store";
import { rateLimitStore } from "@/lib/ratelimit/store";

/** The Redis store against a real Redis server (TEST_REDIS_URL, default the local one). */
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise<boolean>((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 6379) });
    socket.setTimeout(1_000);
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}

const available = await reachable(REDIS_URL);
if (!available) console.warn(`[rate-limit-redis] skipped: no Redis server answers at ${REDIS_URL}`);

describe("configuration", () => {
  it("chooses Redis when REDIS_URL is set and refuses a Redis store without a URL", () => {
    expect(parseEnv({ REDIS_URL: "redis://cache:6379" }).REDIS_URL).toBe("redis://cache:6379");
    expect(() => parseEnv({ REDIS_URL: "http://cache:6379" })).toThrow(/REDIS_URL/);
    expect(() => parseEnv({ SVC_RATE_LIMIT_STORE: "redis" })).toThrow(/REDIS_URL: is required/);
  });
});

describe.skipIf(!available)("the redis store", () => {
  const run = `t${process.pid}${Date.now()}`;
  beforeAll(() => overrideEnvForTests({ REDIS_URL, SVC_RATE_LIMIT_STORE: undefined }));
  afterAll(async () => {
    await closeRedis();
    overrideEnvForTests({});
  });

  it("is the default store once REDIS_URL is set", () => {
    expect(rateLimitStore()).toBe("redis");
  });

  it("shares one budget between instances and refuses past it", async () => {
    const policy = { name: `${run}-shared`, points: 3, durationSec: 60 };
    const a = new RateLimit(policy);
    const b = new RateLimit(policy);
    expect((await a.consume("k")).allowed).toBe(true);
    expect((await b.consume("k")).allowed).toBe(true);
    expect((await a.consume("k")).remaining).toBe(0);
    const refused = await b.consume("k");
    expect(refused.allowed).toBe(false);
    expect(refused.resetSec).toBeGreaterThanOrEqual(1);
    // The counter lives in Redis, not in either process.
    expect(Number(await redisClient().get(`${policy.name}:k`))).toBe(4);
    await a.clear("k");
    expect((await b.consume("k")).allowed).toBe(true);
  });

  it("forgets a policy's counters on clearAll without touching another policy's", async () => {
    const one = new RateLimit({ name: `${run}-one`, points: 1, durationSec: 60 });
    const two = new RateLimit({ name: `${run}-two`, points: 1, durationSec: 60 });
    await one.consume("k");
    await two.consume("k");
    await one.clearAll();
    expect((await one.consume("k")).allowed).toBe(true);
    expect((await two.consume("k")).allowed).toBe(false);
  });
});

describe("an unreachable Redis", () => {
  afterAll(async () => {
    await closeRedis();
    overrideEnvForTests({});
  });

  it("falls back to counting in memory instead of failing the request", async () => {
    await closeRedis();
    // Port 9 (discard) on localhost: nothing listens, the connection is refused at once.
    overrideEnvForTests({ REDIS_URL: "redis://127.0.0.1:9", SVC_RATE_LIMIT_STORE: "redis" });
    const limit = new RateLimit({ name: "t-redis-down", points: 1, durationSec: 60 });
    expect((await limit.consume("k")).allowed).toBe(true);
    expect((await limit.consume("k")).allowed).toBe(false);
  });
});
