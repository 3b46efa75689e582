import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliveries } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { jobBackend } from "@/lib/jobs/backend";
import { deliverWebhook } from "@/lib/jobs/definitions/deliver-webhook";
import { sweepWebhookDeliveries } from "@/lib/jobs/definitions/sweep-webhook-deliveries";
import { call } from "./helpers/app";
import { type FakeInngest, startFakeInngest } from "./helpers/fake-inngest";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import {
  type HttpsReceiver,
  type ReceivedRequest,
  startHttpsReceiver,
  testCertificate,
} from "./helpers/https-receiver";
import { attemptsOf, deliveriesOf, registerWebhook } from "./helpers/webhook-fixtures";

/**
 * The Inngest driver. The function runs under @inngest/test with every sleep mocked by its step id
 * (an unmocked sleep would wait for real); its steps run the real state machine against the real
 * database and a real HTTPS receiver. The hand-off after commit goes to a local stand-in for
 * Inngest's event API, reached through the real SDK client (INNGEST_BASE_URL).
 */

type Json = Record<string, unknown>;
type Modules = {
  fn: typeof import("@/inngest/functions");
  handOff: typeof import("@/lib/webhooks/delivery/hand-off");
  backend: typeof import("@/lib/jobs/backend");
  testing: typeof import("@inngest/test");
};

let m: Modules;
let org: TestOrg;
let rx: HttpsReceiver;
let eventApi: FakeInngest;

beforeAll(async () => {
  eventApi = await startFakeInngest();
  overrideEnvForTests({
    SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
    SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.01,0.01,0.01,0.01,0.01,0.01",
    INNGEST_BASE_URL: eventApi.url,
    INNGEST_DEV: "1",
  });
  // Imported after the override: the Inngest client reads its settings when it is created.
  m = {
    fn: await import("@/inngest/functions"),
    handOff: await import("@/lib/webhooks/delivery/hand-off"),
    backend: await import("@/lib/jobs/backend"),
    testing: await import("@inngest/test"),
  };
  rx = await startHttpsReceiver();
});

beforeEach(async () => {
  org = await createOrg();
  rx.respond(() => ({ status: 200 }));
  rx.requests.length = 0;
  eventApi.sent.length = 0;
  eventApi.failing = false;
});

afterAll(async () => {
  await rx.close();
  await eventApi.close();
  overrideEnvForTests({});
});

/**
 * Every sleep the function can reach, mocked by id so the run finishes at once. A fresh list per
 * engine: the test engine appends the steps it completes to the list it was given.
 */
const sleeps = () => [
  ...Array.from({ length: 16 }, (_, i) => ({ id: `backoff-${i + 1}`, handler: () => undefined })),
  ...Array.from({ length: 16 }, (_, i) => ({ id: `delay-${i + 1}`, handler: () => undefined })),
];

function engine() {
  return new m.testing.InngestTestEngine({
    function: m.fn.inngestFunction(deliverWebhook.id),
    steps: sleeps(),
  });
}

function runEvent(deliveryId: string, endpointId: string, scheduleBase = 0) {
  const runKey = `${deliveryId}:${scheduleBase}`;
  return [{ name: deliverWebhook.trigger.event, data: { deliveryId, endpointId, scheduleBase, runKey } }] as [
    { name: string; data: Json },
  ];
}

async function testDelivery(url = rx.url) {
  const w = await registerWebhook(org, url);
  const res = await call<Json>("POST", `/v1/workspace/webhooks/${w.id}/test`, {
    token: org.members.Owner.token,
  });
  expect(res.status).toBe(202);
  return { w, deliveryId: String(res.body.id) };
}

const attemptHeader = (r: ReceivedRequest) => String(r.headers["x-svc-webhook-attempt"]);

describe("Inngest driver: hand-off after commit", () => {
  it("is chosen when Inngest is configured", () => {
    expect(jobBackend()).toBe("inngest");
  });

  it("sends one delivery-requested event per new delivery, keyed for idempotency", async () => {
    const w = await registerWebhook(org, rx.url, ["room.created"]);
    const room = await call<Json>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId },
    });
    expect(room.status).toBe(201);
    const [d] = await deliveriesOf(w.id);
    expect(eventApi.sent).toHaveLength(1);
    expect(eventApi.sent[0]?.key).toBe("/e/NO_EVENT_KEY_SET");
    expect(eventApi.sent[0]?.events).toEqual([
      expect.objectContaining({
        id: `${d?.id}:0`,
        name: "svc/webhook.delivery.requested",
        data: {
          deliveryId: d?.id,
          endpointId: w.id,
          orgId: d?.orgId,
          scheduleBase: 0,
          runKey: `${d?.id}:0`,
        },
      }),
    ]);
    expect(d?.dispatchedAt).toBeInstanceOf(Date);
    // Nothing is sent twice: the row is marked as handed over, so the sweep leaves it alone.
    expect((await m.handOff.sweepUndelivered({ now: new Date() })).summary).toEqual({ dispatched: 0 });
    expect(eventApi.sent).toHaveLength(1);
    // The embedded runner is not what delivers here: nothing reached the receiver.
    expect(rx.requests).toHaveLength(0);
  });

  it("leaves a failed hand-off to the sweeper, which also re-sends hand-offs that never started", async () => {
    eventApi.failing = true;
    const { deliveryId } = await testDelivery();
    const db = await getDb();
    const [row] = await db.select().from(deliveries).where(eq(deliveries.id, deliveryId));
    expect(row?.dispatchedAt).toBeInstanceOf(Date);
    eventApi.failing = false;
    eventApi.sent.length = 0;
    // The failed send is not retried at once (the run may merely be slow to start)...
    expect((await m.handOff.sweepUndelivered({ now: new Date() })).summary).toEqual({ dispatched: 0 });
    // ...but once it has gone unattempted for REDISPATCH_AFTER_MS, the sweep hands it over again.
    const rewound = new Date(Date.now() - m.handOff.REDISPATCH_AFTER_MS - 60_000);
    await db
      .update(deliveries)
      .set({ dispatchedAt: rewound, nextAttemptAt: rewound })
      .where(eq(deliveries.id, deliveryId));
    expect(await m.handOff.sweepUndelivered({ now: new Date() })).toEqual({
      next: null,
      summary: { dispatched: 1 },
    });
    expect(eventApi.events().map((e) => e.id)).toEqual([`${deliveryId}:0`]);

    // Handed over 11 minutes ago and still never attempted: the run was lost; hand it over again.
    const past = new Date(Date.now() - 11 * 60_000);
    await db
      .update(deliveries)
      .set({ dispatchedAt: past, nextAttemptAt: past })
      .where(eq(deliveries.id, deliveryId));
    // A delivery whose run is under way (attempted) is left alone.
    const busy = await testDelivery();
    await db
      .update(deliveries)
      .set({ dispatchedAt: past, nextAttemptAt: past, attemptCount: 2 })
      .where(eq(deliveries.id, busy.deliveryId));
    eventApi.sent.length = 0;
    expect((await m.handOff.sweepUndelivered({ now: new Date() })).summary).toEqual({ dispatched: 1 });
    expect(eventApi.events().map((e) => e.id)).toEqual([`${deliveryId}:0`]);
  });
});

describe("Inngest driver: the deliver-webhook function", () => {
  it("is idempotent on the delivery's run key and triggered by the delivery event", () => {
    const config = m.fn.inngestFunction(deliverWebhook.id).opts;
    expect(config.idempotency).toBe("event.data.runKey");
    expect(config.triggers).toEqual([{ event: "svc/webhook.delivery.requested" }]);
    // One receiver's trouble never holds up another's deliveries.
    // Fair shares: per endpoint and per org (docs/decisions/1023).
    expect(config.concurrency).toEqual([
      { key: "event.data.endpointId", limit: 16 },
      { key: "event.data.orgId", limit: 64 },
    ]);
    expect(m.fn.inngestFunction(sweepWebhookDeliveries.id).opts.triggers).toEqual([{ cron: "*/5 * * * *" }]);
  });

  it("runs each attempt as a step and each backoff as a sleep until success", async () => {
    rx.respond((_r, i) => ({ status: i < 2 ? 500 : 200 }));
    const { w, deliveryId } = await testDelivery();
    const { result, error, ctx } = await engine().execute({ events: runEvent(deliveryId, w.id) });
    expect(error).toBeUndefined();
    expect(result).toMatchObject({ deliveryId, attempt: 3, state: "succeeded", statusCode: 200 });
    const runIds = ctx.step.run.mock.calls.map((c) => c[0]);
    expect(runIds).toEqual(["prepare", "attempt-1", "attempt-2", "attempt-3"]);
    const sleeps = ctx.step.sleep.mock.calls.map((c) => c[0]);
    expect(sleeps).toEqual(["backoff-1", "backoff-2"]);
    for (const c of ctx.step.sleep.mock.calls) expect(Number(c[1])).toBeGreaterThanOrEqual(0);

    expect(rx.requests.map(attemptHeader)).toEqual(["1", "2", "3"]);
    expect(new Set(rx.requests.map((r) => r.headers["x-svc-webhook-id"])).size).toBe(1);
    // Every real attempt verifies with the official Standard Webhooks library and the shown secret.
    for (const r of rx.requests) {
      const h = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)]));
      expect(new Webhook(w.signing_secret).verify(r.rawBody, h)).toMatchObject({ id: h["webhook-id"] });
    }
    const [row] = await deliveriesOf(w.id);
    expect(row).toMatchObject({ status: "succeeded", attemptCount: 3 });
    expect((await attemptsOf(deliveryId)).map((a) => a.outcome)).toEqual(["retry", "retry", "succeeded"]);
  });

  it("dead-letters after seven failures, sleeping six backoffs", async () => {
    rx.respond(() => ({ status: 503 }));
    const { w, deliveryId } = await testDelivery();
    const { result, ctx } = await engine().execute({ events: runEvent(deliveryId, w.id) });
    expect(result).toMatchObject({ attempt: 7, state: "dead", statusCode: 503 });
    expect(ctx.step.sleep.mock.calls.map((c) => c[0])).toEqual([1, 2, 3, 4, 5, 6].map((n) => `backoff-${n}`));
    expect(rx.requests.map(attemptHeader)).toEqual(["1", "2", "3", "4", "5", "6", "7"]);
  });

  it("stops at 410 without sleeping", async () => {
    rx.respond(() => ({ status: 410 }));
    const { w, deliveryId } = await testDelivery();
    const { result, ctx } = await engine().execute({ events: runEvent(deliveryId, w.id) });
    expect(result).toMatchObject({ attempt: 1, state: "gone", statusCode: 410 });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
    expect(rx.requests).toHaveLength(1);
  });

  it("continues a redelivery's numbering, and a stale run of an earlier schedule does nothing", async () => {
    rx.respond(() => ({ status: 410 }));
    const { w, deliveryId } = await testDelivery();
    await engine().execute({ events: runEvent(deliveryId, w.id) });
    rx.respond(() => ({ status: 200 }));
    const res = await call("POST", `/v1/workspace/webhooks/${w.id}/deliveries/${deliveryId}/redeliver`, {
      token: org.members.Owner.token,
    });
    expect(res.status).toBe(202);
    const stale = await engine().execute({ events: runEvent(deliveryId, w.id, 0) });
    expect(stale.result).toEqual({ deliveryId, state: "skipped" });
    const fresh = await engine().execute({ events: runEvent(deliveryId, w.id, 1) });
    expect(fresh.result).toMatchObject({ attempt: 2, state: "succeeded" });
    expect(rx.requests.map(attemptHeader)).toEqual(["1", "2"]);
  });

  it("waits for a first attempt that is not yet due", async () => {
    overrideEnvForTests({
      SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
      SVC_WEBHOOK_RETRY_SCHEDULE: "60,0,0,0,0,0,0",
      INNGEST_DEV: "1",
    });
    try {
      const { w, deliveryId } = await testDelivery();
      const { result, ctx } = await engine().execute({ events: runEvent(deliveryId, w.id) });
      expect(result).toMatchObject({ attempt: 1, state: "succeeded" });
      const [[id, ms]] = ctx.step.sleep.mock.calls as [[string, number]];
      expect(id).toBe("delay-1");
      expect(ms).toBeGreaterThan(40_000);
      expect(ms).toBeLessThanOrEqual(72_000);
    } finally {
      overrideEnvForTests({
        SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
        SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.01,0.01,0.01,0.01,0.01,0.01",
        INNGEST_BASE_URL: eventApi.url,
        INNGEST_DEV: "1",
      });
    }
  });

  it("is served at /api/inngest", async () => {
    expect(m.fn.functions.map((f) => f.id())).toEqual([
      "deliver-webhook",
      "sweep-webhook-deliveries",
      "send-invitation-email",
      "sweep-due-emails",
      "check-webhook-health",
      "prune-retention",
      "delete-stored-objects",
      "delete-stored-objects-requested",
      "reconcile-media",
      "apply-media-intake",
      "apply-media-intake-requested",
      "fold-org-counters",
      "watch-media-nodes",
      "roll-up-usage",
      "eject-participants",
    ]);
  });
});
