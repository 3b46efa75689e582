import { eq, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { rateLimits } from "@/db/schema";
import { signInKeys } from "@/lib/auth/sign-in-keys";
import { getDb } from "@/lib/db";
import { env, overrideEnvForTests, parseEnv } from "@/lib/env";
import { RateLimit, rateLimitHeaders } from "@/lib/ratelimit/limiter";
import { clearAllRateLimits, limits } from "@/lib/ratelimit/policies";
import { rateLimitStore } from "@/lib/ratelimit/store";
import { call, expectProblem } from "./helpers/app";
import { FIXTURE_PASSWORD } from "./helpers/fixtures";
import { buildWorld, type World } from "./helpers/hardening-world";
import { createProjectKey } from "./helpers/webhook-fixtures";

let w: World;
beforeAll(async () => {
  w = await buildWorld();
});
afterEach(async () => {
  await clearAllRateLimits();
});
afterAll(() => {
  overrideEnvForTests({});
});

const sessionKey = (m: { userId: string }, orgId: string) => `${m.userId}:${orgId}`;

describe("per-session limit on workspace endpoints", () => {
  it("reports the budget on every answer and refuses with 429, Retry-After and RateLimit once spent", async () => {
    const viewer = w.org.members.Viewer;
    const ok = await call("GET", "/v1/workspace/me", { token: viewer.token });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("ratelimit-policy")).toBe('"session";q=600;w=60');
    expect(ok.headers.get("ratelimit")).toMatch(/^"session";r=599;t=\d+$/);

    await limits.session.consume(sessionKey(viewer, w.org.id), 599);
    const limited = await call("GET", "/v1/workspace/rooms", { token: viewer.token });
    expectProblem(limited, 429, "rate_limited");
    const retry = Number(limited.headers.get("retry-after"));
    expect(retry).toBeGreaterThanOrEqual(1);
    expect(retry).toBeLessThanOrEqual(60);
    expect(limited.headers.get("ratelimit")).toMatch(/^"session";r=0;t=\d+$/);
    // Other members keep their own budget.
    expect((await call("GET", "/v1/workspace/me", { token: w.org.members.Member.token })).status).toBe(200);
  });

  it("counts a request before the role check, so denied calls are not free", async () => {
    const viewer = w.org.members.Viewer;
    await limits.session.consume(sessionKey(viewer, w.org.id), 600);
    expectProblem(
      await call("POST", "/v1/workspace/projects", { token: viewer.token, json: { name: "x" } }),
      429,
      "rate_limited",
    );
  });
});

describe("room tokens per key", () => {
  it("limits minting per project key, independently of other keys", async () => {
    const json = { roomId: w.roomId, identity: "alice", role: "publisher" };
    const first = await call("POST", "/v1/auth/tokens/room", { token: w.projectKey, json });
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-policy")).toBe('"room-tokens";q=600;w=60');
    await limits.roomTokens.consume(w.keyId, 599);
    const limited = await call("POST", "/v1/auth/tokens/room", { token: w.projectKey, json });
    expectProblem(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    const otherKey = await createProjectKey(w.org, "all");
    expect((await call("POST", "/v1/auth/tokens/room", { token: otherKey, json })).status).toBe(200);
  });
});

describe("invitations per org", () => {
  it("limits invitation requests per org and names both policies in RateLimit", async () => {
    const json = { room_id: w.roomId, recipients: ["a@example.com"] };
    const first = await call("POST", "/v1/workspace/meet/invitations", {
      token: w.org.members.Owner.token,
      json,
    });
    expect(first.status).toBe(200);
    // Every policy the request spent, in the order spent (lib/ratelimit/announce.ts).
    expect(first.headers.get("ratelimit")).toMatch(/^"session";r=\d+;t=\d+, "invitations";r=99;t=\d+$/);
    await limits.invitations.consume(w.org.id, 99);
    const limited = await call("POST", "/v1/workspace/meet/invitations", {
      token: w.org.members.Admin.token,
      json,
    });
    expectProblem(limited, 429, "rate_limited");
    expect(limited.headers.get("ratelimit")).toContain('"invitations";r=0');
  });
});

describe("sign-in", () => {
  it("answers 429 with the policy headers once an address has too many failures", async () => {
    const email = w.org.members.Billing.email;
    await limits.signInFailures.consume(signInKeys.pair(email, "127.0.0.1"), 10);
    const res = await call("POST", "/v1/auth/login", { json: { email, password: FIXTURE_PASSWORD } });
    expectProblem(res, 429, "rate_limited");
    expect(res.headers.get("ratelimit-policy")).toBe(
      '"sign-in-ip";q=100;w=900, "sign-in-failures";q=10;w=900',
    );
    expect(res.headers.get("ratelimit")).toMatch(/"sign-in-failures";r=0;t=\d+$/);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe.each(["memory", "postgres"] as const)("the %s store", (store) => {
  beforeAll(() => overrideEnvForTests({ SVC_RATE_LIMIT_STORE: store }));
  afterAll(() => overrideEnvForTests({ SVC_RATE_LIMIT_STORE: env.DATABASE_URL ? "postgres" : "memory" }));

  it("spends a budget, refuses past it, and gives it back when the window ends", async () => {
    expect(rateLimitStore()).toBe(store);
    const limit = new RateLimit({ name: `t-${store}-window`, points: 2, durationSec: 1 });
    expect((await limit.consume("k")).allowed).toBe(true);
    const second = await limit.consume("k");
    expect(second).toMatchObject({ allowed: true, remaining: 0 });
    const third = await limit.consume("k");
    expect(third.allowed).toBe(false);
    expect(rateLimitHeaders(third)["Retry-After"]).toBe("1");
    expect((await limit.consume("other")).allowed).toBe(true);
    const deadline = Date.now() + 5000;
    let again = await limit.peek("k");
    while (!again.allowed && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      again = await limit.peek("k");
    }
    expect(again.allowed).toBe(true);
    expect((await limit.consume("k")).allowed).toBe(true);
  });

  it("hashes very long keys (client-chosen addresses and forwarded IPs) instead of storing them", async () => {
    const limit = new RateLimit({ name: `t-${store}-long`, points: 1, durationSec: 60 });
    const long = "x".repeat(5000);
    expect((await limit.consume(long)).allowed).toBe(true);
    expect((await limit.consume(long)).allowed).toBe(false);
    if (store === "postgres") {
      const db = await getDb();
      const rows = await db
        .select()
        .from(rateLimits)
        .where(like(rateLimits.key, `t-${store}-long:%`));
      expect(rows).toHaveLength(1);
      expect(rows[0]?.key).toMatch(/^t-postgres-long:sha256:[0-9a-f]{64}$/);
    }
  });

  if (store === "postgres") {
    it("shares counters between instances (processes) through the database", async () => {
      const policy = { name: "t-shared", points: 3, durationSec: 60 };
      const a = new RateLimit(policy);
      const b = new RateLimit(policy);
      await a.consume("same");
      await b.consume("same");
      await a.consume("same");
      expect((await b.consume("same")).allowed).toBe(false);
      const db = await getDb();
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, "t-shared:same"));
      expect(row?.points).toBe(4);
      await a.clear("same");
      expect((await b.consume("same")).allowed).toBe(true);
    });
  } else {
    it("keeps counters per process (the embedded default runs one)", async () => {
      const policy = { name: "t-local", points: 1, durationSec: 60 };
      const a = new RateLimit(policy);
      const b = new RateLimit(policy);
      await a.consume("same");
      expect((await a.consume("same")).allowed).toBe(false);
      expect((await b.consume("same")).allowed).toBe(true);
    });
  }
});

describe("operator overrides (SVC_RATE_LIMITS)", () => {
  afterEach(() => overrideEnvForTests({ SVC_RATE_LIMITS: "" }));

  it("changes a policy's budget or switches it off, and refuses a malformed setting", async () => {
    overrideEnvForTests({ SVC_RATE_LIMITS: "session=2/30, room-tokens=off" });
    const viewer = w.org.members.Viewer;
    const first = await call("GET", "/v1/workspace/me", { token: viewer.token });
    expect(first.headers.get("ratelimit-policy")).toBe('"session";q=2;w=30');
    await call("GET", "/v1/workspace/me", { token: viewer.token });
    expectProblem(await call("GET", "/v1/workspace/me", { token: viewer.token }), 429, "rate_limited");

    await limits.roomTokens.consume(w.keyId, 10_000);
    const json = { roomId: w.roomId, identity: "alice", role: "publisher" };
    const token = await call("POST", "/v1/auth/tokens/room", { token: w.projectKey, json });
    expect(token.status).toBe(200);
    expect(token.headers.get("ratelimit")).toBeNull();

    expect(() => parseEnv({ SVC_RATE_LIMITS: "session=fast" })).toThrow(/SVC_RATE_LIMITS/);
    expect(() => parseEnv({ SVC_RATE_LIMITS: "session=0/60" })).toThrow(/SVC_RATE_LIMITS/);
    expect(parseEnv({ SVC_RATE_LIMITS: "invitations=5/3600" }).SVC_RATE_LIMITS).toEqual({
      invitations: { points: 5, durationSec: 3600 },
    });
  });
});
