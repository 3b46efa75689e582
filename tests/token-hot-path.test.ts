import { eq } from "drizzle-orm";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { rateLimits } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";
import { EARLY_RETRY_MS, LeaseBook, leaseSize, refillAt } from "@/lib/ratelimit/lease";
import { RateLimit } from "@/lib/ratelimit/limiter";
import { clearAllRateLimits, limits } from "@/lib/ratelimit/policies";
import { call, expectProblem } from "./helpers/app";
import { buildWorld, type World } from "./helpers/hardening-world";

/**
 * Issue 15: a room token costs one database round trip (key, project, org plan and room in one
 * indexed query), none once the principal cache holds them (docs/decisions/0966), and the rate limit adds no write per request: the limiter takes leases of the
 * shared counter (docs/decisions/0861, 0862).
 */
let w: World;
beforeAll(async () => {
  w = await buildWorld();
});
afterEach(async () => {
  vi.restoreAllMocks();
  overrideEnvForTests({});
  await clearAllRateLimits();
});
afterAll(() => overrideEnvForTests({}));

const mint = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call<{ token: string }>("POST", "/v1/auth/tokens/room", {
    token: w.projectKey,
    json: { identity: "alice", role: "publisher", ...json },
    headers,
  });

/**
 * Counts every statement sent to the database, at the driver: postgres.js `unsafe` and `begin`
 * (drizzle sends everything through them), PGlite `query`, `exec` and `transaction`.
 */
/** The key query's text, prepared (PGlite: `execute svc_key_…`) or not (postgres.js). */
const KEY_QUERY = /svc_key_|from api_keys k/;

async function countStatements(only?: RegExp): Promise<() => number> {
  const db = (await getDb()) as unknown as { $client: Record<string, (...a: unknown[]) => unknown> };
  const client = db.$client;
  const methods = ["unsafe", "begin", "query", "exec", "transaction"].filter(
    (m) => typeof client[m] === "function",
  );
  const spies = methods.map((m) => vi.spyOn(client, m as never));
  const counts = (s: (typeof spies)[number]) =>
    only ? s.mock.calls.filter((args) => only.test(String(args[0]))).length : s.mock.calls.length;
  return () => spies.reduce((n, s) => n + counts(s), 0);
}

describe("room-token minting: one query on the hot path, none once cached", () => {
  it("reads key, project, org plan and room in one statement, by id and by short code", async () => {
    overrideEnvForTests({ SVC_PRINCIPAL_CACHE_WINDOW_MS: "0" });
    // Warm: the signing key, the rate-limit lease, and each statement prepared on first use.
    expect((await mint({ roomId: w.roomId })).status).toBe(200);
    expect((await mint({ roomId: w.shortCode })).status).toBe(200);
    const statements = await countStatements();
    const byId = await mint({ roomId: w.roomId });
    expect(byId.status, byId.text).toBe(200);
    expect(statements()).toBe(1);
    const byCode = await mint({ roomId: w.shortCode });
    expect(byCode.status, byCode.text).toBe(200);
    expect(statements()).toBe(2);
  });

  it("reads nothing from the database once the principal cache holds the key and the room", async () => {
    const statements = await countStatements(KEY_QUERY);
    // Only the key query counts here: the batched last-used write may run in between.
    // The cache serves only while its listener is provably current (on PostgreSQL: once its first
    // ping came back), so mint until a token costs no statement, within a deadline.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const before = statements();
      expect((await mint({ roomId: w.roomId })).status).toBe(200);
      expect((await mint({ roomId: w.shortCode })).status).toBe(200);
      if (statements() === before) break;
      if (Date.now() > deadline) throw new Error("the principal cache never served a mint");
    }
    const before = statements();
    for (let i = 0; i < 5; i++) {
      expect((await mint({ roomId: w.roomId })).status).toBe(200);
      expect((await mint({ roomId: w.shortCode })).status).toBe(200);
    }
    expect(statements() - before).toBe(0);
  });

  it("keeps every answer of the checks, still from the one statement", async () => {
    const statements = await countStatements();
    expectProblem(await mint({ roomId: w.endedRoomId }), 409, "room_ended");
    expectProblem(await mint({ roomId: "rm_doesnotexist000000000" }), 404, "not_found");
    // A room of another org is absent from the key's join: 404, not someone else's room.
    const foreign = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
      token: w.other.members.Owner.token,
      json: { project_id: w.other.projectId },
    });
    const before = statements();
    expectProblem(await mint({ roomId: foreign.body.id }), 404, "not_found");
    expect(statements() - before).toBe(1);
  });

  it("answers as before when several things are wrong: key first, then plan, then the body", async () => {
    const bad = await call("POST", "/v1/auth/tokens/room", {
      headers: { authorization: "Bearer svc_live_nope" },
      body: "{not json",
    });
    expectProblem(bad, 401, "invalid_api_key");
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    const { default: schema } = await import("@/db/schema").then((m) => ({ default: m.orgs }));
    const db = await getDb();
    await db.update(schema).set({ planSelected: false }).where(eq(schema.id, w.org.id));
    // A direct write settles like the domain's writers do: the next token sees it.
    await settlePrincipalWrites(db);
    try {
      expectProblem(
        await call("POST", "/v1/auth/tokens/room", { token: w.projectKey, body: "{not json" }),
        402,
        "plan_required",
      );
    } finally {
      await db.update(schema).set({ planSelected: true }).where(eq(schema.id, w.org.id));
      await settlePrincipalWrites(db);
    }
    overrideEnvForTests({});
    expectProblem(
      await call("POST", "/v1/auth/tokens/room", {
        token: w.projectKey,
        body: "{not json",
        headers: { "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
    expectProblem(await mint({ roomId: 42 }), 422, "validation_failed");
  });

  it("replays an idempotent mint from the body it read once", async () => {
    const headers = { "idempotency-key": `hot-path-${Date.now()}` };
    const first = await mint({ roomId: w.roomId }, headers);
    const again = await mint({ roomId: w.roomId }, headers);
    expect(first.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.token).toBe(first.body.token);
    expectProblem(await mint({ roomId: w.shortCode }, headers), 422, "idempotency_key_reused");
  });
});

describe("room-token rate limit: leases, not a write per request", () => {
  it("writes the shared counter once per lease", async () => {
    overrideEnvForTests({ SVC_RATE_LIMIT_STORE: "postgres" });
    const size = leaseSize(limits.roomTokens.policy.points);
    expect(size).toBeGreaterThan(1);
    const n = size * 2 + 1;
    for (let i = 0; i < n; i++) expect((await mint({ roomId: w.roomId })).status).toBe(200);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `room-tokens:${w.keyId}`));
    // Three leases taken for 2 × size + 1 tokens: three writes, not 2 × size + 1.
    expect(row?.points).toBe(size * 3);
  });

  it("takes the next lease when half of the current one is spent, so no request waits for it", async () => {
    // The shared store, with each write held until the test lets it through.
    class HeldStore extends RateLimiterMemory {
      writes: Array<() => void> = [];
      override async consume(key: string | number, points?: number): Promise<RateLimiterRes> {
        await new Promise<void>((release) => this.writes.push(release));
        return super.consume(key, points);
      }
    }
    const store = new HeldStore({ points: 100, duration: 60 });
    const size = 10;
    const book = new LeaseBook(store, 100, size);
    const first = book.consume("k");
    expect(store.writes).toHaveLength(1);
    store.writes[0]?.();
    expect((await first).remaining).toBe(99);
    // Spent down to the refill mark: the next lease is asked for, and nobody waits for it.
    for (let i = 1; i < size - refillAt(size); i++) await book.consume("k");
    expect(store.writes).toHaveLength(2);
    const whileTaking = await Promise.all(Array.from({ length: refillAt(size) }, () => book.consume("k")));
    expect(whileTaking.every((s) => s.allowed)).toBe(true);
    expect(store.writes).toHaveLength(2);
    // Past the first lease with the second still held: now a request waits for it.
    let waited = false;
    const waiting = book.consume("k").then((s) => {
      waited = true;
      return s;
    });
    await Promise.resolve();
    expect(waited).toBe(false);
    store.writes[1]?.();
    expect(await waiting).toMatchObject({ allowed: true, remaining: 100 - size - 1 });
    // Every point spent came out of a lease counted in the store, none twice.
    expect((await store.get("k"))?.consumedPoints).toBe(2 * size);
  });

  it("retries a failed early lease once a second, not on every request, and still serves the lease", async () => {
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    // A store whose first write succeeds and whose later writes fail until the test repairs it.
    class FailingStore extends RateLimiterMemory {
      writes = 0;
      broken = false;
      override async consume(key: string | number, points?: number): Promise<RateLimiterRes> {
        this.writes++;
        if (this.broken) throw new Error("store unavailable");
        return super.consume(key, points);
      }
    }
    const store = new FailingStore({ points: 1000, duration: 60 });
    const size = 10;
    const book = new LeaseBook(store, 1000, size);
    await book.consume("k");
    store.broken = true;
    const settle = () => new Promise(setImmediate);
    // Down to the refill mark: one early attempt, which fails.
    for (let i = 1; i < size - refillAt(size); i++) await book.consume("k");
    await settle();
    expect(store.writes).toBe(2);
    // The rest of the lease is served without a write per request.
    for (let i = 0; i < refillAt(size) - 1; i++) expect((await book.consume("k")).allowed).toBe(true);
    await settle();
    expect(store.writes).toBe(2);
    // A second later the next request tries again (and the lease still serves it).
    now += EARLY_RETRY_MS;
    expect((await book.consume("k")).allowed).toBe(true);
    await settle();
    expect(store.writes).toBe(3);
    // The lease is spent: the next request waits for a lease and gets the store's error.
    await expect(book.consume("k")).rejects.toThrow("store unavailable");
    expect(store.writes).toBe(4);
    // Repaired: the next request takes a lease as usual.
    store.broken = false;
    expect((await book.consume("k")).allowed).toBe(true);
  });

  it("drops what is left of a lease whose window ended before the next lease came", async () => {
    // A store that answers each lease as a fresh 60 s window, and a clock the test moves.
    let now = 1_000_000;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    class NewWindowEachTime extends RateLimiterMemory {
      writes: Array<() => void> = [];
      override async consume(_key: string | number, points = 1): Promise<RateLimiterRes> {
        await new Promise<void>((release) => this.writes.push(release));
        return new RateLimiterRes(100 - points, 60_000, points);
      }
    }
    for (const [late, why] of [
      [61_000, "the window has ended here"],
      [59_900, "100 ms are left here, but the store has started the next window"],
    ] as const) {
      const store = new NewWindowEachTime({ points: 100, duration: 60 });
      const book = new LeaseBook(store, 100, 10);
      const first = book.consume("k");
      store.writes[0]?.();
      await first;
      for (let i = 1; i < 10 - refillAt(10); i++) await book.consume("k");
      expect(store.writes, why).toHaveLength(2);
      now += late;
      store.writes[1]?.();
      // Let the lease land (promise callbacks only; no time passes on the test's clock).
      await new Promise(setImmediate);
      // Five points of the first window were left; none of them are spent in the next one.
      const next = await book.consume("k");
      expect(next, why).toMatchObject({ allowed: true, remaining: 100 - 10 + 9 });
    }
  });

  it("holds the budget across instances sharing the store, within a lease and a half per other instance", async () => {
    overrideEnvForTests({ SVC_RATE_LIMIT_STORE: "postgres" });
    const policy = { name: "t-lease-shared", points: 600, durationSec: 60, leased: true };
    const instances = [new RateLimit(policy), new RateLimit(policy), new RateLimit(policy)];
    const size = leaseSize(policy.points);
    const results = await Promise.all(
      Array.from({ length: 700 }, (_, i) => (instances[i % 3] as RateLimit).consume("k")),
    );
    const allowed = results.filter((r) => r.allowed).length;
    expect(allowed).toBeLessThanOrEqual(policy.points);
    // Each other instance may hold what is left of its lease plus the next one, taken early.
    const held = size + refillAt(size);
    expect(allowed).toBeGreaterThanOrEqual(policy.points - (instances.length - 1) * held);
    const refused = results.find((r) => !r.allowed);
    expect(refused?.resetSec).toBeGreaterThanOrEqual(1);
  });

  it("counts exactly within one process, and a clear gives the budget back", async () => {
    const limit = new RateLimit({ name: "t-lease-local", points: 100, durationSec: 60, leased: true });
    const results = await Promise.all(Array.from({ length: 130 }, () => limit.consume("k")));
    expect(results.filter((r) => r.allowed)).toHaveLength(100);
    expect(Math.min(...results.map((r) => r.remaining))).toBe(0);
    await limit.clear("k");
    const after = await limit.consume("k");
    expect(after.allowed).toBe(true);
    expect(after.remaining).toBe(99);
  });
});
