import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { webhookEndpoints } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { deliverDueWebhooks } from "@/lib/jobs/definitions/deliver-due-webhooks";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";
import { receiveInInbox } from "@/lib/webhooks/inbox/receive-in-inbox";
import { isTestBody } from "@/lib/webhooks/outbox/envelope";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import {
  eventually,
  type HttpsReceiver,
  startHttpsReceiver,
  testCertificate,
} from "./helpers/https-receiver";
import { attemptsOf, deliveriesOf } from "./helpers/webhook-fixtures";

/** Issue 38 item 2: the built-in test inbox, and a failed test that does not make an endpoint failing. */

type Json = Record<string, unknown>;
type Message = {
  id: string;
  headers: Record<string, string>;
  body: string;
  signature_verified: boolean;
  verify_failure: string | null;
};
type Page<T> = { items: T[]; next_cursor: string | null };
const FAST = "0,0.05,0.05,0.05,0.05,0.05,0.05";
const BASE_ENV = () => ({ SVC_WEBHOOK_CA_FILE: testCertificate().caFile, SVC_WEBHOOK_RETRY_SCHEDULE: FAST });

let org: TestOrg;
let other: TestOrg;
const receivers: HttpsReceiver[] = [];

beforeAll(async () => {
  overrideEnvForTests(BASE_ENV());
  org = await createOrg();
  other = await createOrg();
});
afterEach(async () => {
  await stopJobs();
  overrideEnvForTests(BASE_ENV());
});
afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  overrideEnvForTests({});
});

const inbox = (id: string, token = org.members.Viewer.token) =>
  call<Page<Message>>("GET", `/v1/workspace/webhooks/${id}/inbox`, { token });

async function createInbox(json: Json = {}, o: TestOrg = org) {
  const res = await call<Json>("POST", "/v1/workspace/webhooks/inbox", {
    token: o.members.Developer.token,
    json,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

describe("the test inbox", () => {
  it("receives its deliveries itself, in cloud mode too, with the signature verified, and shows them", async () => {
    overrideEnvForTests({ ...BASE_ENV(), SVC_DEPLOYMENT_MODE: "cloud" });
    startJobs([deliverDueWebhooks.id]);
    const created = await createInbox();
    expect(created).toMatchObject({
      kind: "inbox",
      url: `svc-inbox://${created.id}`,
      project_id: null,
      active: true,
      signing_secret: expect.stringMatching(/^whsec_/),
    });
    const expires = Date.parse(String(created.expires_at));
    expect(expires - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    const id = String(created.id);

    // The webhook.test sent on creation arrives.
    const first = await eventually(async () => {
      const res = await inbox(id);
      return res.body.items.length > 0 ? res.body.items : undefined;
    });
    expect(first[0]?.signature_verified).toBe(true);
    expect(first[0]?.verify_failure).toBeNull();
    expect(first[0]?.headers["x-svc-webhook-type"]).toBe("webhook.test");
    expect(JSON.parse(first[0]?.body ?? "{}")).toMatchObject({ type: "webhook.test", test: true });

    // A real event of the org arrives too, and the delivery log records a success.
    const room = await call<Json>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId, name: "Inbox room" },
    });
    expect(room.status).toBe(201);
    const both = await eventually(async () => {
      const res = await inbox(id);
      return res.body.items.length >= 2 ? res.body.items : undefined;
    });
    expect(both[0]?.headers["x-svc-webhook-type"]).toBe("room.created");
    expect(JSON.parse(both[0]?.body ?? "{}").data.object).toMatchObject({ id: room.body.id });
    const rows = await deliveriesOf(id);
    expect(rows.every((d) => d.status === "succeeded")).toBe(true);
    const attempts = await attemptsOf(rows[0]?.id ?? "");
    expect(attempts[0]).toMatchObject({ statusCode: 200, outcome: "succeeded" });

    // Listed with the other endpoints, clearly marked.
    const list = await call<{ items: Json[] }>("GET", "/v1/workspace/webhooks", {
      token: org.members.Viewer.token,
    });
    expect(list.body.items.find((w) => w.id === id)).toMatchObject({ kind: "inbox" });
  });

  it("flags a request whose signature does not verify, and says why", async () => {
    const created = await createInbox();
    const id = String(created.id);
    const body = '{"id":"evt_x","type":"webhook.test","data":{"object":{}}}';
    const ts = new Date().toISOString().replace("Z", "000000Z");
    const headers = {
      "x-svc-webhook-id": "evt_x",
      "x-svc-webhook-type": "webhook.test",
      "x-svc-webhook-ts": ts,
      "x-svc-webhook-sig": "bm90IHRoZSBzaWduYXR1cmU",
      "x-svc-webhook-kid": "v1",
      "x-svc-webhook-attempt": "1",
    };
    const db = await getDb();
    const answer = await receiveInInbox(db, id, headers, body);
    expect(answer.statusCode).toBe(200);
    const unknownKid = await receiveInInbox(db, id, { ...headers, "x-svc-webhook-kid": "v9" }, body);
    expect(unknownKid.statusCode).toBe(200);
    const items = (await inbox(id)).body.items.filter((m) => m.headers["x-svc-webhook-id"] === "evt_x");
    expect(items.map((m) => [m.signature_verified, m.verify_failure])).toEqual([
      [false, "unknown_kid"],
      [false, "signature_mismatch"],
    ]);
    expect(items[1]?.body).toBe(body);
    // An https endpoint is never an inbox.
    expect((await receiveInInbox(db, "wh_nope", headers, body)).statusCode).toBe(410);
  });

  it("expires: an expired inbox answers 410 and the delivery ends", async () => {
    const created = await createInbox();
    const id = String(created.id);
    const db = await getDb();
    await db
      .update(webhookEndpoints)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, id));
    startJobs([deliverDueWebhooks.id]);
    const rows = await eventually(async () => {
      const all = await deliveriesOf(id);
      return all.length > 0 && all.every((d) => d.status !== "pending") ? all : undefined;
    });
    expect(rows.map((d) => d.status)).toEqual(["gone"]);
    expect((await inbox(id)).body.items).toEqual([]);
  });

  it("is gated like any endpoint: roles, org, project, a per-org cap", async () => {
    for (const role of ["Member", "Billing", "Viewer"] as const) {
      const res = await call("POST", "/v1/workspace/webhooks/inbox", {
        token: org.members[role].token,
        json: {},
      });
      expectProblem(res, 403, "forbidden_workspace_role");
    }
    expectProblem(
      await call("POST", "/v1/workspace/webhooks/inbox", {
        token: org.members.Owner.token,
        json: { project_id: other.projectId },
      }),
      404,
      "not_found",
    );
    expectProblem(
      await call("POST", "/v1/workspace/webhooks/inbox", {
        token: org.members.Owner.token,
        json: { project_id: 5 },
      }),
      422,
      "validation_failed",
    );
    const fresh = await createOrg();
    const scoped = await createInbox({ project_id: fresh.projectId }, fresh);
    expect(scoped.project_id).toBe(fresh.projectId);
    for (let i = 1; i < 5; i++) await createInbox({}, fresh);
    const sixth = await call("POST", "/v1/workspace/webhooks/inbox", {
      token: fresh.members.Owner.token,
      json: {},
    });
    expectProblem(sixth, 409, "conflict");
    // Expired ones make room again.
    const db = await getDb();
    await db
      .update(webhookEndpoints)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webhookEndpoints.id, String(scoped.id)));
    await createInbox({}, fresh);
    // Another org's inbox, or an https endpoint, has no inbox to read.
    expectProblem(await inbox(String(scoped.id)), 404, "not_found");
    expectProblem(await inbox("wh_nope"), 404, "not_found");
    const https = await call<Json>("POST", "/v1/workspace/webhooks", {
      token: org.members.Owner.token,
      json: { url: "https://hooks.example.com/x", events: ["room.ended"] },
    });
    expectProblem(await inbox(String(https.body.id)), 404, "not_found");
    expectProblem(await inbox(String(scoped.id), `${fresh.members.Viewer.token}x`), 401, "unauthenticated");
  });
});

describe("a failed test event", () => {
  it("is recorded but does not make the endpoint failing; a real event's failure does", async () => {
    startJobs([deliverDueWebhooks.id]);
    const rx = await startHttpsReceiver();
    receivers.push(rx);
    rx.respond(() => ({ status: 500, body: "down" }));
    const res = await call<Json>("POST", "/v1/workspace/webhooks", {
      token: org.members.Owner.token,
      json: { url: rx.url, events: ["room.created"] },
    });
    const id = String(res.body.id);
    const test = await call<Json>("POST", `/v1/workspace/webhooks/${id}/test`, {
      token: org.members.Owner.token,
    });
    expect(test.status).toBe(202);
    // Every attempt of the compressed schedule fails, and the endpoint stays healthy.
    const done = await eventually(async () => {
      const rows = await deliveriesOf(id);
      return rows.length === 1 && rows[0]?.status === "dead" ? rows : undefined;
    });
    expect((await attemptsOf(done[0]?.id ?? "")).length).toBe(7);
    const health = await call<{ health: { status: string } }>("GET", `/v1/workspace/webhooks/${id}`, {
      token: org.members.Owner.token,
    });
    expect(health.body.health.status).toBe("healthy");
    // A real event's failure starts the clock as before.
    await call("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId },
    });
    await eventually(async () => {
      const h = await call<{ health: { status: string } }>("GET", `/v1/workspace/webhooks/${id}`, {
        token: org.members.Owner.token,
      });
      return h.body.health.status === "failing" ? true : undefined;
    });
  });

  it("is told from the envelope only", () => {
    expect(
      isTestBody('{"id":"evt_1","type":"webhook.test","project_id":null,"test":true,"data":{"object":{}}}'),
    ).toBe(true);
    expect(
      isTestBody(
        '{"id":"evt_1","type":"room.created","project_id":"prj_1","data":{"object":{"name":"\\"test\\":true"}}}',
      ),
    ).toBe(false);
    expect(isTestBody('{"id":"evt_1","data":{"object":{"x":{"test":true,"data":1}}}}')).toBe(false);
  });
});

describe("editing endpoints and creating them per project", () => {
  it("PATCH url is checked as on creation; a test inbox keeps its address", async () => {
    const owner = { token: org.members.Owner.token };
    const res = await call<Json>("POST", "/v1/workspace/webhooks", {
      ...owner,
      json: { url: "https://hooks.example.com/a", events: ["room.ended"] },
    });
    const id = String(res.body.id);
    const ok = await call<Json>("PATCH", `/v1/workspace/webhooks/${id}`, {
      ...owner,
      json: { url: "https://hooks.example.com/b?x=1", description: "moved" },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ url: "https://hooks.example.com/b?x=1", description: "moved" });
    for (const url of ["http://hooks.example.com/", "nope", "", "https://user:pw@hooks.example.com/"]) {
      const bad = await call("PATCH", `/v1/workspace/webhooks/${id}`, { ...owner, json: { url } });
      expectProblem(bad, 422, "validation_failed");
    }
    overrideEnvForTests({ ...BASE_ENV(), SVC_DEPLOYMENT_MODE: "cloud" });
    for (const url of ["https://localhost/x", "https://127.0.0.1/x", "https://10.0.0.1/x"]) {
      const bad = await call("PATCH", `/v1/workspace/webhooks/${id}`, { ...owner, json: { url } });
      expectProblem(bad, 422, "validation_failed");
    }
    const viewer = await call("PATCH", `/v1/workspace/webhooks/${id}`, {
      token: org.members.Viewer.token,
      json: { url: "https://hooks.example.com/c" },
    });
    expectProblem(viewer, 403, "forbidden_workspace_role");
    const created = await createInbox();
    const inboxPatch = await call("PATCH", `/v1/workspace/webhooks/${String(created.id)}`, {
      ...owner,
      json: { url: "https://hooks.example.com/c" },
    });
    expectProblem(inboxPatch, 422, "validation_failed");
  });

  it("POST webhooks with project_id makes a project endpoint with the whole catalog, in the org only", async () => {
    const owner = { token: org.members.Owner.token };
    const res = await call<Json>("POST", "/v1/workspace/webhooks", {
      ...owner,
      json: {
        url: "https://hooks.example.com/p",
        events: ["participant.left", "qos.alert"],
        project_id: org.projectId,
      },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ project_id: org.projectId, events: ["participant.left", "qos.alert"] });
    const orgWide = await call("POST", "/v1/workspace/webhooks", {
      ...owner,
      json: { url: "https://hooks.example.com/p", events: ["qos.alert"] },
    });
    expectProblem(orgWide, 422, "validation_failed");
    const foreign = await call("POST", "/v1/workspace/webhooks", {
      ...owner,
      json: { url: "https://hooks.example.com/p", events: ["room.ended"], project_id: other.projectId },
    });
    expectProblem(foreign, 404, "not_found");
  });
});
