import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { deliverDueWebhooks } from "@/lib/jobs/definitions/deliver-due-webhooks";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";
import { delayAfterRetryAfter, parseRetryAfter, takeSendSlot } from "@/lib/webhooks/delivery/backpressure";
import { judgeAttempt } from "@/lib/webhooks/delivery/schedule";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import {
  eventually,
  type HttpsReceiver,
  startHttpsReceiver,
  testCertificate,
} from "./helpers/https-receiver";
import { attemptsOf, deliveriesOf } from "./helpers/webhook-fixtures";

/** Issue 18 item 2: Retry-After on 429/503 (capped at 2x the schedule) and per-endpoint rate limits. */

type Json = Record<string, unknown>;
const BASE_ENV = () => ({
  SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
  SVC_WEBHOOK_RETRY_SCHEDULE: "0,1,1,1,1,1,1",
});

let org: TestOrg;
const receivers: HttpsReceiver[] = [];
const owner = () => ({ token: org.members.Owner.token });

beforeAll(async () => {
  overrideEnvForTests(BASE_ENV());
  org = await createOrg();
});
afterEach(async () => {
  await stopJobs();
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  overrideEnvForTests({});
});

async function receiver() {
  const r = await startHttpsReceiver();
  receivers.push(r);
  return r;
}

async function register(url: string, extra: Json = {}) {
  const res = await call<Json>("POST", "/v1/workspace/webhooks", {
    ...owner(),
    json: { url, events: ["room.created"], ...extra },
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe("Retry-After", () => {
  const NOW = Date.parse("2026-11-22T10:00:00Z");

  it("parses delta-seconds and HTTP dates, and ignores anything else", () => {
    expect(parseRetryAfter("120", NOW)).toBe(120_000);
    expect(parseRetryAfter(" 0 ", NOW)).toBe(0);
    expect(parseRetryAfter("Sun, 22 Nov 2026 10:00:30 GMT", NOW)).toBe(30_000);
    expect(parseRetryAfter("Sun, 22 Nov 2026 09:00:00 GMT", NOW)).toBe(0); // in the past: now
    for (const bad of [undefined, "", "-5", "1.5", "soon", "12abc", "2026-11-22"]) {
      expect(parseRetryAfter(bad, NOW)).toBeUndefined();
    }
  });

  it("moves the next attempt no earlier than asked, at most twice the scheduled delay", () => {
    expect(delayAfterRetryAfter(10_000, 15_000)).toBe(15_000);
    expect(delayAfterRetryAfter(10_000, 60_000)).toBe(20_000);
    expect(delayAfterRetryAfter(10_000, 1_000)).toBe(10_000);
    const mid = () => 0.5; // no jitter: the schedule's 10 s before attempt 2
    overrideEnvForTests({ SVC_WEBHOOK_RETRY_SCHEDULE: "0,10,60,300,900,3600,14400" });
    try {
      const bp = (retryAfter: string) => ({ retryAfter, now: NOW });
      expect(judgeAttempt(429, 1, mid, bp("15"))).toEqual({ status: "pending", retryInMs: 15_000 });
      expect(judgeAttempt(503, 1, mid, bp("3600"))).toEqual({ status: "pending", retryInMs: 20_000 });
      // Only 429 and 503 are asked to wait; a 500's Retry-After is ignored.
      expect(judgeAttempt(500, 1, mid, bp("15"))).toEqual({ status: "pending", retryInMs: 10_000 });
      expect(judgeAttempt(429, 1, mid, bp("nonsense"))).toEqual({ status: "pending", retryInMs: 10_000 });
      // The schedule still ends: the seventh failure dead-letters whatever was asked.
      expect(judgeAttempt(429, 7, mid, bp("15"))).toEqual({ status: "dead" });
    } finally {
      overrideEnvForTests(BASE_ENV());
    }
  });

  it("a real 429 with Retry-After holds the next attempt as asked", async () => {
    startJobs([deliverDueWebhooks.id]);
    const rx = await receiver();
    rx.respond((_r, i) => (i === 0 ? { status: 429, headers: { "retry-after": "2" } } : { status: 200 }));
    const w = await register(rx.url);
    expect((await call("POST", `/v1/workspace/webhooks/${w.id}/test`, owner())).status).toBe(202);
    const [first] = await rx.waitForRequests(1);
    const pending = await eventually(async () => {
      const [d] = await deliveriesOf(String(w.id));
      return d?.attemptCount === 1 ? d : undefined;
    });
    const [a1] = await attemptsOf(pending.id);
    if (!a1 || !pending.nextAttemptAt || !first) throw new Error("no first attempt");
    // Scheduled 1 s ±20 %, asked 2 s: capped at twice the schedule (1.6–2.4 s), never under 1.6 s.
    const waited = pending.nextAttemptAt.getTime() - (a1.startedAt.getTime() + a1.durationMs);
    expect(waited).toBeGreaterThanOrEqual(1_600);
    expect(waited).toBeLessThanOrEqual(2_000);
    expect(a1).toMatchObject({ statusCode: 429, outcome: "retry", errorClass: "http" });
    expect(a1.responseHeaders?.["retry-after"]).toBe("2");
    const [, second] = await rx.waitForRequests(2);
    expect(second?.headers["x-svc-webhook-attempt"]).toBe("2");
  });
});

describe("rate_limit", () => {
  it("is set on create and PATCH, null meaning unlimited; bad values are 422", async () => {
    const rx = await receiver();
    const w = await register(rx.url, { rate_limit: 2.5 });
    expect(w.rate_limit).toBe(2.5);
    const path = `/v1/workspace/webhooks/${w.id}`;
    const cleared = await call<Json>("PATCH", path, { ...owner(), json: { rate_limit: null } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.rate_limit).toBeNull();
    const set = await call<Json>("PATCH", path, { ...owner(), json: { rate_limit: 10 } });
    expect(set.body.rate_limit).toBe(10);
    expect((await call<Json>("GET", path, owner())).body.rate_limit).toBe(10);
    expect((await register(rx.url)).rate_limit).toBeNull();
    for (const bad of [0, -1, "5", 10_001, true]) {
      const res = await call<Json>("PATCH", path, { ...owner(), json: { rate_limit: bad } });
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
      const created = await call<Json>("POST", "/v1/workspace/webhooks", {
        ...owner(),
        json: { url: rx.url, events: ["room.created"], rate_limit: bad },
      });
      expect(created.status, JSON.stringify(bad)).toBe(422);
    }
  });

  it("gives one send slot per interval, also to claimers racing for the same one", async () => {
    const rx = await receiver();
    const w = await register(rx.url, { rate_limit: 4 });
    const db = await getDb();
    const t0 = new Date(Date.now() + 60_000);
    const first = await Promise.all([0, 1, 2, 3].map(() => takeSendSlot(db, String(w.id), 4, t0)));
    expect(first.filter((s) => s.ok)).toHaveLength(1);
    // The others are told when the slot frees: one interval (250 ms) after the one taken.
    for (const s of first) if (!s.ok) expect(s.at.getTime()).toBe(t0.getTime() + 250);
    expect(await takeSendSlot(db, String(w.id), 4, new Date(t0.getTime() + 249))).toEqual({
      ok: false,
      at: new Date(t0.getTime() + 250),
    });
    expect(await takeSendSlot(db, String(w.id), 4, new Date(t0.getTime() + 250))).toEqual({ ok: true });
  });

  it("holds deliveries to the rate: every one delivered on its first attempt, none dropped", async () => {
    const rx = await receiver();
    const w = await register(rx.url, { rate_limit: 4 });
    for (let i = 0; i < 6; i++) {
      expect((await call("POST", `/v1/workspace/webhooks/${w.id}/test`, owner())).status).toBe(202);
    }
    // All six are due before the worker starts, so unlimited they would go out at once.
    const before = Date.now();
    startJobs([deliverDueWebhooks.id]);
    const got = await rx.waitForRequests(6, { timeoutMs: 20_000 });
    expect(got.map((r) => r.headers["x-svc-webhook-attempt"])).toEqual(["1", "1", "1", "1", "1", "1"]);
    const rows = await eventually(async () => {
      const all = await deliveriesOf(String(w.id));
      return all.every((d) => d.status === "succeeded") ? all : undefined;
    });
    expect(rows.map((d) => d.attemptCount)).toEqual([1, 1, 1, 1, 1, 1]);
    for (const d of rows) expect(await attemptsOf(d.id)).toHaveLength(1);
    // The limit held them back. Each send took a slot, and a slot is taken only once the one
    // before it is an interval (250 ms) old, so the sixth slot was taken at least 1,250 ms after
    // the first, which was taken after `before`; the endpoint's next free slot is one more interval
    // on. Read from the limiter's own row, not from send times, which the machine's load moves
    // (unlimited, the six slots would all be taken within moments of `before`).
    const db = await getDb();
    const [endpoint] = await db
      .select({ next: webhookEndpoints.rateNextAt })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, String(w.id)));
    expect(endpoint?.next?.getTime() ?? 0).toBeGreaterThanOrEqual(before + 6 * 250);
  });
});

describe("delivery log debugger", () => {
  it("shows each attempt's headers sent and received, body, timings and error class; filters", async () => {
    startJobs([deliverDueWebhooks.id]);
    const rx = await receiver();
    rx.respond((_r, i) => (i === 0 ? { status: 429, headers: { "retry-after": "0" } } : { status: 200 }));
    const w = await register(rx.url);
    expect((await call("POST", `/v1/workspace/webhooks/${w.id}/test`, owner())).status).toBe(202);
    // A closed port: the connection is refused.
    const dead = await register("https://localhost:1/hook");
    expect((await call("POST", `/v1/workspace/webhooks/${dead.id}/test`, owner())).status).toBe(202);
    const log = `/v1/workspace/webhooks/${w.id}/deliveries`;
    type Attempt = Record<string, unknown> & { request_headers: Record<string, string> };
    type Item = { request_body: string; attempts: Attempt[] };
    const items = await eventually(async () => {
      const res = await call<{ items: Item[] }>("GET", `${log}?status=succeeded`, owner());
      return res.body.items.length === 1 ? res.body.items : undefined;
    });
    const [first, second] = items[0]?.attempts ?? [];
    expect(first).toMatchObject({ status_code: 429, error_class: "http" });
    expect(first?.response_headers).toMatchObject({ "retry-after": "0" });
    expect(first?.request_headers["webhook-id"]).toBe(first?.request_headers["x-svc-webhook-id"]);
    expect(second).toMatchObject({ status_code: 200, error_class: null });
    expect(second?.request_headers["x-svc-webhook-attempt"]).toBe("2");
    expect(String(second?.finished_at)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(JSON.parse(items[0]?.request_body ?? "{}")).toMatchObject({ type: "webhook.test" });
    expect(rx.requests[0]?.rawBody).toBe(items[0]?.request_body);

    const refused = await eventually(async () => {
      const res = await call<{ items: Item[] }>(
        "GET",
        `/v1/workspace/webhooks/${dead.id}/deliveries`,
        owner(),
      );
      return res.body.items[0]?.attempts[0];
    });
    expect(refused).toMatchObject({
      status_code: null,
      error_class: "refused",
      request_headers: expect.any(Object),
    });

    const count = async (q: string) =>
      (await call<{ items: Item[] }>("GET", `${log}?${q}`, owner())).body.items.length;
    expect(await count("event_type=webhook.test")).toBe(1);
    expect(await count("event_type=room.created")).toBe(0);
    expect(await count(`since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toBe(0);
    expect(await count("since=2026-01-01T00:00:00Z&until=2100-01-01T00:00:00Z")).toBe(1);
    for (const q of ["event_type=nope", "since=yesterday", "until=5", "status=lost"]) {
      const res = await call<Json>("GET", `${log}?${q}`, owner());
      expect(res.status, q).toBe(422);
    }
  });
});
