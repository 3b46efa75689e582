import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "@/db/schema";
import { getDb } from "@/lib/db";
import { env, overrideEnvForTests } from "@/lib/env";
import { deliverDueWebhooks } from "@/lib/jobs/definitions/deliver-due-webhooks";
import { wake } from "@/lib/jobs/embedded-runner";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";
import type { CreatedWebhook } from "@/lib/webhooks/create-webhook";
import { setHostResolverForTests } from "@/lib/webhooks/resolve-host";
import { verifyWebhook } from "@/lib/webhooks/verify-signature";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import {
  eventually,
  type HttpsReceiver,
  type ReceivedRequest,
  startHttpsReceiver,
  testCertificate,
} from "./helpers/https-receiver";
import { attemptsOf, deliveriesOf, registerWebhook } from "./helpers/webhook-fixtures";

type Json = Record<string, unknown>;

/** Compressed schedule: the whole seven-attempt run takes well under a second. */
const FAST = "0,0.05,0.05,0.05,0.05,0.05,0.05";
const BASE_ENV = () => ({ SVC_WEBHOOK_CA_FILE: testCertificate().caFile, SVC_WEBHOOK_RETRY_SCHEDULE: FAST });

let org: TestOrg;
const receivers: HttpsReceiver[] = [];

async function receiver(): Promise<HttpsReceiver> {
  const r = await startHttpsReceiver();
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  overrideEnvForTests(BASE_ENV());
  org = await createOrg();
  startJobs([deliverDueWebhooks.id]);
});

afterEach(() => {
  overrideEnvForTests(BASE_ENV());
  setHostResolverForTests(undefined);
});

afterAll(async () => {
  await stopJobs();
  await Promise.all(receivers.map((r) => r.close()));
  overrideEnvForTests({});
});

const owner = () => ({ token: org.members.Owner.token });

function header(r: ReceivedRequest, name: string): string {
  const v = r.headers[name.toLowerCase()];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

function expectSigned(r: ReceivedRequest, secret: string, kid = "v1") {
  const verdict = verifyWebhook({ headers: r.headers, rawBody: r.rawBody, secrets: { [kid]: secret } });
  expect(verdict).toMatchObject({ ok: true, kid });
}

async function sendTest(w: CreatedWebhook): Promise<Json> {
  const res = await call<Json>("POST", `/v1/workspace/webhooks/${w.id}/test`, owner());
  expect(res.status).toBe(202);
  return res.body;
}

async function settled(endpointId: string, status: string) {
  return eventually(
    async () => {
      const [d] = await deliveriesOf(endpointId);
      return d?.status === status ? d : undefined;
    },
    { what: `delivery ${status}` },
  );
}

describe("embedded runner delivery over real HTTPS", () => {
  it("delivers a signed room.created after POST rooms, woken by the commit", async () => {
    const rx = await receiver();
    const createRoom = () =>
      call<Json>("POST", "/v1/workspace/rooms", {
        token: org.members.Developer.token,
        json: { project_id: org.projectId, name: "Launch review" },
      });
    const w = await registerWebhook(org, rx.url, ["room.created"]);
    const room = await createRoom();
    expect(room.status).toBe(201);
    // Well within the runner's 30 s poll: only the dispatch after the commit can have sent it.
    const [req] = await rx.waitForRequests(1, { timeoutMs: 15_000 });
    if (!req) throw new Error("no request");

    expect(req.method).toBe("POST");
    expect(req.path).toBe("/hook");
    expect(header(req, "content-type")).toBe("application/json");
    expect(header(req, "x-svc-webhook-type")).toBe("room.created");
    expect(header(req, "x-svc-webhook-attempt")).toBe("1");
    expect(header(req, "x-svc-webhook-kid")).toBe("v1");
    expect(header(req, "x-svc-webhook-ts")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/);
    expect(header(req, "x-svc-webhook-sig")).toMatch(/^[A-Za-z0-9+/]{43}$/);
    expectSigned(req, w.signing_secret);

    const [delivery] = await deliveriesOf(w.id);
    expect(header(req, "x-svc-webhook-id")).toBe(delivery?.webhookId);
    expect(req.rawBody).toBe(delivery?.body);
    const body = JSON.parse(req.rawBody) as Json;
    expect(body).toEqual({
      id: delivery?.webhookId,
      type: "room.created",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      org_id: org.id,
      project_id: org.projectId,
      // Every media event names its room and its place in the room's order (docs/decisions/1325).
      room_id: (room.body as { id: string }).id,
      sequence: 1,
      data: { object: room.body },
    });
    const done = await settled(w.id, "succeeded");
    expect(done).toMatchObject({ attemptCount: 1, lastStatusCode: 200, nextAttemptAt: null });
    const [attempt] = await attemptsOf(done.id);
    expect(attempt).toMatchObject({
      attempt: 1,
      statusCode: 200,
      outcome: "succeeded",
      responseBody: "ok",
      error: null,
    });
    expect(attempt?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it("delivers an event the media ingest wrote, woken by its commit like any other writer", async () => {
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url, ["room.ended"]);
    const room = await call<Json>("POST", "/v1/workspace/rooms", {
      token: org.members.Developer.token,
      json: { project_id: org.projectId },
    });
    const report = await call("POST", "/v1/internal/media-events", {
      headers: { authorization: `Bearer ${env.SVC_MEDIA_INGEST_SECRET}` },
      json: { id: `rep_${room.body.id}`, type: "room.ended", room_id: room.body.id },
    });
    expect(report.status).toBe(202);
    // Well within the runner's 30 s poll: the ingest's commit dispatched it.
    const [req] = await rx.waitForRequests(1, { timeoutMs: 15_000 });
    expect(header(req as ReceivedRequest, "x-svc-webhook-type")).toBe("room.ended");
    expectSigned(req as ReceivedRequest, w.signing_secret);
    const [delivery] = await deliveriesOf(w.id);
    // The stored body is the body sent, byte for byte.
    expect(req?.rawBody).toBe(delivery?.body);
  });

  it("retries failures with rising attempt numbers, one id, fresh signed timestamps", async () => {
    const rx = await receiver();
    rx.respond((_r, i) => (i < 3 ? { status: 500, body: "x".repeat(5000) } : { status: 204 }));
    const w = await registerWebhook(org, rx.url);
    await sendTest(w);
    const reqs = await rx.waitForRequests(4);
    expect(reqs.map((r) => header(r, "x-svc-webhook-attempt"))).toEqual(["1", "2", "3", "4"]);
    expect(new Set(reqs.map((r) => header(r, "x-svc-webhook-id"))).size).toBe(1);
    expect(new Set(reqs.map((r) => header(r, "x-svc-webhook-ts"))).size).toBe(4);
    expect(new Set(reqs.map((r) => r.rawBody)).size).toBe(1);
    for (const r of reqs) expectSigned(r, w.signing_secret);

    const done = await settled(w.id, "succeeded");
    expect(done.attemptCount).toBe(4);
    const log = await attemptsOf(done.id);
    expect(log.map((a) => [a.attempt, a.statusCode, a.outcome])).toEqual([
      [1, 500, "retry"],
      [2, 500, "retry"],
      [3, 500, "retry"],
      [4, 204, "succeeded"],
    ]);
    expect(log[0]?.responseBody).toHaveLength(4096);
    // The API's log shows the same.
    const api = await call<{ items: Json[] }>("GET", `/v1/workspace/webhooks/${w.id}/deliveries`, owner());
    expect(api.body.items[0]).toMatchObject({
      status: "succeeded",
      attempt_count: 4,
      event_id: header(reqs[0] as ReceivedRequest, "x-svc-webhook-id"),
      event_type: "webhook.test",
    });
    expect(((api.body.items[0]?.attempts ?? []) as Json[]).map((a) => a.outcome)).toEqual([
      "retry",
      "retry",
      "retry",
      "succeeded",
    ]);
  });

  it("keeps to the schedule's delays (override plus jitter)", async () => {
    overrideEnvForTests({ ...BASE_ENV(), SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.3,0.3,0.3,0.3,0.3,0.3" });
    const rx = await receiver();
    rx.respond((_r, i) => ({ status: i < 2 ? 503 : 200 }));
    const w = await registerWebhook(org, rx.url);
    await sendTest(w);
    const reqs = await rx.waitForRequests(3);
    for (let i = 1; i < reqs.length; i++) {
      const gap = (reqs[i]?.receivedAt ?? 0) - (reqs[i - 1]?.receivedAt ?? 0);
      expect(gap).toBeGreaterThanOrEqual(240 - 5); // 300 ms −20 %
    }
  });

  it("stops at HTTP 410 without further attempts", async () => {
    const rx = await receiver();
    rx.respond((_r, i) => (i === 0 ? { status: 410, body: "gone" } : { status: 200 }));
    const w = await registerWebhook(org, rx.url);
    await sendTest(w);
    const gone = await settled(w.id, "gone");
    expect(gone).toMatchObject({ attemptCount: 1, lastStatusCode: 410, nextAttemptAt: null });
    expect((await attemptsOf(gone.id)).map((a) => a.outcome)).toEqual(["gone"]);
    // A later delivery to the same endpoint arrives; the gone one was never tried again.
    await sendTest(w);
    const reqs = await rx.waitForRequests(2);
    expect(reqs).toHaveLength(2);
    expect(header(reqs[1] as ReceivedRequest, "x-svc-webhook-attempt")).toBe("1");
    expect(header(reqs[1] as ReceivedRequest, "x-svc-webhook-id")).not.toBe(gone.webhookId);
  });

  it("dead-letters after seven failed attempts, and redelivery starts a fresh schedule", async () => {
    const rx = await receiver();
    let healthy = false;
    rx.respond(() => (healthy ? { status: 200 } : { status: 503, body: "down" }));
    const w = await registerWebhook(org, rx.url);
    await sendTest(w);
    const dead = await settled(w.id, "dead");
    expect(dead).toMatchObject({ attemptCount: 7, lastStatusCode: 503, nextAttemptAt: null });
    expect(rx.requests.map((r) => header(r, "x-svc-webhook-attempt"))).toEqual([
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
    ]);
    expect((await attemptsOf(dead.id)).map((a) => a.outcome)).toEqual([...Array(6).fill("retry"), "dead"]);
    const deadList = await call<{ items: Json[] }>("GET", `/v1/workspace/webhooks/${w.id}/deliveries`, {
      ...owner(),
      query: { status: "dead" },
    });
    expect(deadList.body.items.map((d) => d.id)).toEqual([dead.id]);

    healthy = true;
    const res = await call<Json>(
      "POST",
      `/v1/workspace/webhooks/${w.id}/deliveries/${dead.id}/redeliver`,
      owner(),
    );
    expect(res.status).toBe(202);
    // Consistent (issue 33.5): pending again, with the seven attempts its attempt_count counts.
    expect(res.body).toMatchObject({
      id: dead.id,
      status: "pending",
      attempt_count: 7,
      last_status_code: 503,
      completed_at: null,
    });
    expect(res.body.next_attempt_at).toEqual(expect.any(String));
    const answered = res.body.attempts as Json[];
    expect(answered.map((a) => a.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(answered.map((a) => a.outcome)).toEqual([...Array(6).fill("retry"), "dead"]);
    const done = await settled(w.id, "succeeded");
    expect(done).toMatchObject({ attemptCount: 8, scheduleBase: 7 });
    const last = rx.requests.at(-1) as ReceivedRequest;
    expect(header(last, "x-svc-webhook-attempt")).toBe("8");
    expect(header(last, "x-svc-webhook-id")).toBe(dead.webhookId);
    expectSigned(last, w.signing_secret);
  });

  it("gives up an attempt after its timeout (SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS) and retries", async () => {
    overrideEnvForTests({ ...BASE_ENV(), SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS: "300" });
    const rx = await receiver();
    rx.respond((_r, i) => (i === 0 ? { status: 200, hang: true } : { status: 200 }));
    const w = await registerWebhook(org, rx.url);
    await sendTest(w);
    const done = await eventually(
      async () => {
        const [d] = await deliveriesOf(w.id);
        return d?.status === "succeeded" ? d : undefined;
      },
      { timeoutMs: 10_000, what: "delivery after a timeout" },
    );
    const [first, second] = await attemptsOf(done.id);
    expect(first).toMatchObject({
      attempt: 1,
      statusCode: null,
      outcome: "retry",
      error: "timed out after 300 ms",
    });
    // The attempt waited out the deadline (how much longer it took is the machine's business).
    expect(first?.durationMs).toBeGreaterThanOrEqual(290);
    expect(second).toMatchObject({ attempt: 2, statusCode: 200, outcome: "succeeded" });
  });

  it("times attempts out after 10 s by default (decisions §6)", () => {
    overrideEnvForTests({ ...BASE_ENV(), SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS: undefined });
    expect(env.SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS).toBe(10_000);
    expect(() => overrideEnvForTests({ ...BASE_ENV(), SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS: "60000" })).toThrow();
  });

  it("does not follow redirects: a 3xx is a failed attempt", async () => {
    const rx = await receiver();
    rx.respond((_r, i) =>
      i === 0
        ? { status: 302, headers: { location: `https://localhost:${rx.port}/elsewhere` } }
        : { status: 200 },
    );
    const w = await registerWebhook(org, rx.url);
    await sendTest(w);
    const done = await settled(w.id, "succeeded");
    const [first] = await attemptsOf(done.id);
    expect(first).toMatchObject({ statusCode: 302, outcome: "retry", error: "redirects are not followed" });
    expect(rx.requests.map((r) => r.path)).toEqual(["/hook", "/hook"]);
  });

  it("signs with the new kid after a rotation", async () => {
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url);
    const rotated = await call<Json>("POST", `/v1/workspace/webhooks/${w.id}/rotate-secret`, owner());
    await sendTest(w);
    const [req] = await rx.waitForRequests(1);
    if (!req) throw new Error("no request");
    expect(header(req, "x-svc-webhook-kid")).toBe("v2");
    expectSigned(req, String(rotated.body.signing_secret), "v2");
    expect(
      verifyWebhook({ headers: req.headers, rawBody: req.rawBody, secrets: { v2: w.signing_secret } }),
    ).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
  });

  it("sends test events carrying the endpoint as data.object", async () => {
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url, ["recording.failed"]);
    await sendTest(w);
    const [req] = await rx.waitForRequests(1);
    const body = JSON.parse(req?.rawBody ?? "{}") as {
      type: string;
      project_id: unknown;
      data: { object: Json };
    };
    expect(header(req as ReceivedRequest, "x-svc-webhook-type")).toBe("webhook.test");
    expect(body.type).toBe("webhook.test");
    expect(body.project_id).toBeNull();
    expect(body.data.object).toMatchObject({ id: w.id, url: rx.url, events: ["recording.failed"] });
    expect(req?.rawBody).not.toContain("whsec_");
  });

  it("cancels pending deliveries of an endpoint disabled before their attempt", async () => {
    overrideEnvForTests({ ...BASE_ENV(), SVC_WEBHOOK_RETRY_SCHEDULE: "600,1,1,1,1,1,1" });
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url);
    const test = await sendTest(w);
    await call("PATCH", `/v1/workspace/webhooks/${w.id}`, { ...owner(), json: { active: false } });
    const db = await getDb();
    await db
      .update(deliveries)
      .set({ nextAttemptAt: new Date() })
      .where(eq(deliveries.id, String(test.id)));
    wake(deliverDueWebhooks.id);
    const cancelled = await settled(w.id, "cancelled");
    expect(cancelled).toMatchObject({ attemptCount: 0, lastError: "the endpoint is disabled" });
    expect(rx.requests).toHaveLength(0);
  });
});

describe("SSRF defence at delivery time (cloud mode)", () => {
  it("refuses a name that resolves to 127.0.0.1 at delivery, though it passed registration", async () => {
    const rx = await receiver();
    overrideEnvForTests({ ...BASE_ENV(), SVC_DEPLOYMENT_MODE: "cloud" });
    // At registration the name pointed somewhere public; then its DNS answer changed (rebinding).
    let answer = "93.184.216.34";
    setHostResolverForTests(async (host) => {
      if (host !== "receiver.test") throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
      return [{ address: answer, family: 4 }];
    });
    const w = await registerWebhook(org, `https://receiver.test:${rx.port}/hook`);
    answer = "127.0.0.1";
    await sendTest(w);
    const [attempt] = await eventually(async () => {
      const [d] = await deliveriesOf(w.id);
      const log = d ? await attemptsOf(d.id) : [];
      return log.length >= 2 ? log : undefined;
    });
    expect(attempt).toMatchObject({ statusCode: null, outcome: "retry" });
    expect(attempt?.error).toContain("blocked: receiver.test resolves to 127.0.0.1");
    expect(rx.requests).toHaveLength(0);

    await call("PATCH", `/v1/workspace/webhooks/${w.id}`, { ...owner(), json: { active: false } });

    // The same name and answer in self_host mode reach the receiver (its certificate names
    // receiver.test): the cloud-mode guard, not TLS or DNS, is what stopped the attempts above.
    overrideEnvForTests(BASE_ENV());
    const rx2 = await receiver();
    const w2 = await registerWebhook(org, `https://receiver.test:${rx2.port}/hook`);
    await sendTest(w2);
    const [req] = await rx2.waitForRequests(1);
    expectSigned(req as ReceivedRequest, w2.signing_secret);
  });

  it("refuses an internal address literal at delivery", async () => {
    const rx = await receiver();
    const w = await registerWebhook(org, `https://127.0.0.1:${rx.port}/hook`); // self_host: allowed
    overrideEnvForTests({
      ...BASE_ENV(),
      SVC_WEBHOOK_RETRY_SCHEDULE: "0,5,5,5,5,5,5",
      SVC_DEPLOYMENT_MODE: "cloud",
    });
    await sendTest(w);
    const [attempt] = await eventually(async () => {
      const [d] = await deliveriesOf(w.id);
      const log = d ? await attemptsOf(d.id) : [];
      return log.length >= 1 ? log : undefined;
    });
    expect(attempt?.error).toMatch(/^blocked: 127\.0\.0\.1 is a loopback/);
    expect(rx.requests).toHaveLength(0);
    await call("PATCH", `/v1/workspace/webhooks/${w.id}`, { ...owner(), json: { active: false } });
  });
});
