import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, deliveries, emails, webhookEndpoints } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { deliverDueWebhooks } from "@/lib/jobs/definitions/deliver-due-webhooks";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";
import { checkEndpointHealth } from "@/lib/webhooks/health/check-endpoint-health";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import {
  eventually,
  type HttpsReceiver,
  startHttpsReceiver,
  testCertificate,
} from "./helpers/https-receiver";
import { attemptsOf, deliveriesOf } from "./helpers/webhook-fixtures";

/** Issue 18 items 3 and 4: endpoint health (failing, auto-disable, skipped) and bulk recovery. */

type Json = Record<string, unknown>;
type Health = {
  status: string;
  failing_since: string | null;
  last_error: string | null;
  disabled_reason: string | null;
};
const FAST = "0,0.05,0.05,0.05,0.05,0.05,0.05";
const BASE_ENV = () => ({ SVC_WEBHOOK_CA_FILE: testCertificate().caFile, SVC_WEBHOOK_RETRY_SCHEDULE: FAST });

let org: TestOrg;
const receivers: HttpsReceiver[] = [];
const owner = () => ({ token: org.members.Owner.token });

beforeAll(async () => {
  overrideEnvForTests(BASE_ENV());
  org = await createOrg();
});
afterEach(async () => {
  await stopJobs();
  overrideEnvForTests(BASE_ENV());
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

async function register(url: string) {
  const res = await call<Json>("POST", "/v1/workspace/webhooks", {
    ...owner(),
    json: { url, events: ["room.created"] },
  });
  expect(res.status).toBe(201);
  return String(res.body.id);
}

const health = async (id: string) =>
  (await call<{ health: Health; active: boolean }>("GET", `/v1/workspace/webhooks/${id}`, owner())).body;
const pass = (now = new Date()) => checkEndpointHealth({ now, inFlight: 0, track: () => {} });

async function createRoom() {
  const res = await call("POST", "/v1/workspace/rooms", {
    token: org.members.Developer.token,
    json: { project_id: org.projectId },
  });
  expect(res.status).toBe(201);
}

async function healthEmails(kind: string) {
  const db = await getDb();
  const rows = await db.select().from(emails).where(eq(emails.orgId, org.id));
  return rows.filter((e) => e.subject.startsWith(`Webhook endpoint ${kind}`));
}

async function auditOf(id: string) {
  const db = await getDb();
  return (
    db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.orgId, org.id),
          inArray(auditLog.action, ["webhook.failing", "webhook.disabled", "webhook.recovered"]),
        ),
      )
      // In the order they were written: without ORDER BY the plan decides (another index changes it).
      .orderBy(asc(auditLog.seq))
      .then((rows) => rows.filter((r) => r.targetId === id))
  );
}

describe("endpoint health", () => {
  it("goes failing, emails Owners and Admins once, disables itself, keeps new deliveries as skipped", async () => {
    startJobs([deliverDueWebhooks.id]);
    const rx = await receiver();
    rx.respond(() => ({ status: 500, body: "down" }));
    const id = await register(rx.url);
    expect((await health(id)).health.status).toBe("healthy");
    await createRoom();
    await eventually(async () => ((await health(id)).health.status === "failing" ? true : undefined));
    const failing = (await health(id)).health;
    expect(failing).toMatchObject({ status: "failing", last_error: "HTTP 500", disabled_reason: null });
    expect(failing.failing_since).toMatch(/Z$/);

    expect((await pass()).summary).toMatchObject({ notified: 1, disabled: 0 });
    expect((await pass()).summary).toMatchObject({ notified: 0 }); // once per failing spell
    const told = await healthEmails("failing");
    expect(told.map((e) => e.to).sort()).toEqual([org.members.Admin.email, org.members.Owner.email].sort());
    expect(told[0]?.text).toContain(rx.url);
    // Sent at once, outside the room-invitation cap (docs/spec/product-decisions.md §11).
    expect(told.map((e) => e.kind)).toEqual(["account", "account"]);

    // Compressed time: disable after 0.0001 h (0.36 s) of nothing but failures.
    overrideEnvForTests({ ...BASE_ENV(), SVC_WEBHOOK_DISABLE_AFTER_HOURS: "0.0001" });
    await stopJobs(); // what is still pending must end as skipped, not be attempted
    const db = await getDb();
    await db
      .update(deliveries)
      .set({ status: "pending", nextAttemptAt: new Date(Date.now() + 60_000) })
      .where(eq(deliveries.endpointId, id));
    expect((await pass(new Date(Date.now() + 1_000))).summary).toMatchObject({ disabled: 1 });
    const off = await health(id);
    expect(off.active).toBe(false);
    expect(off.health).toMatchObject({
      status: "disabled",
      disabled_reason: "every delivery failed for 0.0001 hours",
    });
    expect((await deliveriesOf(id)).map((d) => d.status)).toEqual(["skipped"]);
    expect((await healthEmails("disabled")).map((e) => e.to).sort()).toEqual(
      [org.members.Admin.email, org.members.Owner.email].sort(),
    );
    expect((await auditOf(id)).map((a) => [a.action, a.actorType])).toEqual([
      ["webhook.failing", "system"],
      ["webhook.disabled", "system"],
    ]);

    // While disabled, new events are kept as skipped deliveries (never sent).
    const before = rx.requests.length;
    await createRoom();
    const rows = await deliveriesOf(id);
    expect(rows.map((d) => d.status)).toEqual(["skipped", "skipped"]);
    expect(rx.requests).toHaveLength(before);

    // Recovery: re-enable, then re-send the window; same evt_ ids, fresh schedule, numbering continues.
    const since = new Date(Date.now() - 3_600_000).toISOString();
    const blocked = await call<Json>("POST", `/v1/workspace/webhooks/${id}/recover`, {
      ...owner(),
      json: { since },
    });
    expect(blocked.status).toBe(409);
    const enabled = await call<{ health: Health }>("PATCH", `/v1/workspace/webhooks/${id}`, {
      ...owner(),
      json: { active: true },
    });
    expect(enabled.body.health.status).toBe("healthy");
    rx.respond(() => ({ status: 200 }));
    startJobs([deliverDueWebhooks.id]);
    const res = await call<Json>("POST", `/v1/workspace/webhooks/${id}/recover`, {
      token: org.members.Developer.token,
      json: { since },
    });
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ queued: 2 });
    const done = await eventually(async () => {
      const all = await deliveriesOf(id);
      return all.every((d) => d.status === "succeeded") ? all : undefined;
    });
    const ids = new Set(done.map((d) => d.webhookId));
    const resent = rx.requests.slice(before).map((r) => String(r.headers["x-svc-webhook-id"]));
    expect(new Set(resent)).toEqual(ids);
    const first = done.find((d) => d.attemptCount > 1);
    if (first) {
      const attempts = await attemptsOf(first.id);
      expect(attempts.map((a) => a.attempt)).toEqual(attempts.map((_a, i) => i + 1));
    }
    expect((await health(id)).health.status).toBe("healthy");
    expect((await auditOf(id)).map((a) => a.action)).toContain("webhook.recovered");
  });

  it("tells each admin once about every endpoint that started failing: a digest, not an email per endpoint", async () => {
    const other = await createOrg({ name: "Digest Org" });
    const rx = await receiver();
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await call<Json>("POST", "/v1/workspace/webhooks", {
        token: other.members.Owner.token,
        json: { url: `${rx.url}/hook-${n}`, events: ["room.created"] },
      });
      expect(res.status, res.text).toBe(201);
      ids.push(String(res.body.id));
    }
    const db = await getDb();
    await db
      .update(webhookEndpoints)
      .set({ failingSince: new Date(Date.now() - 60_000), lastFailureError: "HTTP 503" })
      .where(inArray(webhookEndpoints.id, ids));
    const summary = (await pass()).summary;
    expect(summary).toMatchObject({ notified: 3 });
    expect((await pass()).summary).toMatchObject({ notified: 0 });
    const told = (await db.select().from(emails).where(eq(emails.orgId, other.id))).filter((e) =>
      e.subject.startsWith("Webhook endpoint"),
    );
    // One email per Owner and Admin, naming all three endpoints.
    expect(told.map((e) => e.to).sort()).toEqual(
      [other.members.Admin.email, other.members.Owner.email].sort(),
    );
    expect(told[0]?.subject).toBe("Webhook endpoints failing: 3 endpoints");
    for (const n of [1, 2, 3]) expect(told[0]?.text).toContain(`${rx.url}/hook-${n}`);
    // Each endpoint still has its own audit entry.
    const audited = await db
      .select({ targetId: auditLog.targetId })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, other.id), eq(auditLog.action, "webhook.failing")));
    expect(audited.map((a) => a.targetId).sort()).toEqual([...ids].sort());
  });

  it("a success ends the failing spell", async () => {
    startJobs([deliverDueWebhooks.id]);
    const rx = await receiver();
    rx.respond((_r, i) => ({ status: i < 2 ? 503 : 200 }));
    const id = await register(rx.url);
    await createRoom();
    await eventually(async () => ((await deliveriesOf(id))[0]?.status === "succeeded" ? true : undefined));
    const h = (await health(id)).health;
    expect(h).toMatchObject({ status: "healthy", failing_since: null, last_error: null });
    const db = await getDb();
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row?.lastSuccessAt).toBeInstanceOf(Date);
  });
});

describe("POST …/recover", () => {
  it("rejects bad windows, other orgs' endpoints and roles without webhooks:write", async () => {
    const rx = await receiver();
    const id = await register(rx.url);
    const path = `/v1/workspace/webhooks/${id}/recover`;
    for (const json of [
      {},
      { since: "yesterday" },
      { since: 5 },
      { since: "2026-11-22T10:00:00Z", until: "2026-11-22T09:00:00Z" },
      { since: "2026-11-22T10:00:00Z", until: "2026-11-22T10:00:00Z" },
    ]) {
      const res = await call<Json>("POST", path, { ...owner(), json });
      expect(res.status, JSON.stringify(json)).toBe(422);
      expect(res.body.code).toBe("validation_failed");
    }
    const ok = { since: "2026-01-01T00:00:00Z" };
    expect((await call<Json>("POST", path, { ...owner(), json: ok })).body).toEqual({ queued: 0 });
    const viewer = await call("POST", path, { token: org.members.Viewer.token, json: ok });
    expect(viewer.status).toBe(403);
    const other = await createOrg();
    const foreign = await call<Json>("POST", path, { token: other.members.Owner.token, json: ok });
    expect(foreign.status).toBe(404);
  });
});
