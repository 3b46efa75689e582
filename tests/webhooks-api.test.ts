import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, deliveries, events, projects, webhookSigningSecrets } from "@/db/schema";
import { decryptSecret } from "@/lib/crypto/secret-box";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { settlePrincipalWrites } from "@/lib/principals/principal-cache";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { setHostResolverForTests } from "@/lib/webhooks/resolve-host";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { createProjectKey, deliveriesOf, registerWebhook, roomObject } from "./helpers/webhook-fixtures";

/** These tests exercise delivery, not bodies: any object goes. */

type Json = Record<string, unknown>;

let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
});

afterEach(() => {
  overrideEnvForTests({});
  setHostResolverForTests(undefined);
});

const owner = () => ({ token: org.members.Owner.token });

describe("POST /v1/workspace/webhooks (endpoint 9)", () => {
  it("registers an org-wide endpoint and shows the signing secret once", async () => {
    const res = await call<Json>("POST", "/v1/workspace/webhooks", {
      ...owner(),
      json: {
        url: "https://hooks.example.com/svc",
        events: ["room.created", "room.ended", "room.created"],
        description: "Billing sync",
        unknown_field: 1,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^wh_[A-Za-z0-9]{22}$/),
      url: "https://hooks.example.com/svc",
      events: ["room.created", "room.ended"],
      active: true,
      description: "Billing sync",
      project_id: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      signing_secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
      rate_limit: null,
      kind: "https",
      expires_at: null,
      health: {
        status: "healthy",
        failing_since: null,
        last_success_at: null,
        last_error: null,
        disabled_at: null,
        disabled_reason: null,
      },
    });
  });

  it("stores the secret encrypted, never in plain text", async () => {
    const created = await registerWebhook(org, "https://hooks.example.com/enc");
    const db = await getDb();
    const rows = await db
      .select()
      .from(webhookSigningSecrets)
      .where(eq(webhookSigningSecrets.endpointId, created.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.kid).toBe("v1");
    expect(rows[0]?.secretCiphertext).not.toContain(created.signing_secret.slice(6));
    expect(decryptSecret(rows[0]?.secretCiphertext ?? "")).toBe(created.signing_secret);
  });

  it("lets Owner, Admin and Developer register; others get 403", async () => {
    for (const role of ["Owner", "Admin", "Developer"] as const) {
      const res = await call("POST", "/v1/workspace/webhooks", {
        token: org.members[role].token,
        json: { url: "https://hooks.example.com/r", events: ["room.ended"] },
      });
      expect(res.status, role).toBe(201);
    }
    for (const role of ["Member", "Billing", "Viewer"] as const) {
      const res = await call("POST", "/v1/workspace/webhooks", {
        token: org.members[role].token,
        json: { url: "https://hooks.example.com/r", events: ["room.ended"] },
      });
      expectProblem(res, 403, "forbidden_workspace_role");
    }
    expectProblem(
      await call("POST", "/v1/workspace/webhooks", {
        json: { url: "https://a.example", events: ["room.created"] },
      }),
      401,
      "unauthenticated",
    );
  });

  it.each([
    ["plain http", { url: "http://hooks.example.com/x", events: ["room.created"] }, "url"],
    ["not a URL", { url: "hooks.example.com/x", events: ["room.created"] }, "url"],
    ["a non-string url", { url: 42, events: ["room.created"] }, "url"],
    ["no url", { events: ["room.created"] }, "url"],
    [
      "credentials in the url",
      { url: "https://user:pw@hooks.example.com/x", events: ["room.created"] },
      "url",
    ],
    [
      "an overlong url",
      { url: `https://hooks.example.com/${"a".repeat(2100)}`, events: ["room.created"] },
      "url",
    ],
    ["empty events", { url: "https://hooks.example.com/x", events: [] }, "events"],
    ["no events", { url: "https://hooks.example.com/x" }, "events"],
    ["events not a list", { url: "https://hooks.example.com/x", events: "room.created" }, "events"],
    ["an unknown event", { url: "https://hooks.example.com/x", events: ["room.exploded"] }, "events.0"],
    [
      "a catalog-only event",
      { url: "https://hooks.example.com/x", events: ["room.created", "qos.alert"] },
      "events.1",
    ],
    ["a non-string event", { url: "https://hooks.example.com/x", events: [7] }, "events.0"],
    [
      "an overlong description",
      { url: "https://hooks.example.com/x", events: ["room.created"], description: "d".repeat(501) },
      "description",
    ],
    [
      "a non-string description",
      { url: "https://hooks.example.com/x", events: ["room.created"], description: 5 },
      "description",
    ],
  ])("answers 422 for %s", async (_name, body, path) => {
    const res = await call("POST", "/v1/workspace/webhooks", { ...owner(), json: body });
    const problem = expectProblem(res, 422, "validation_failed");
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toContain(path);
  });

  it("answers 4xx, never 500, to malformed requests", async () => {
    expectProblem(
      await call("POST", "/v1/workspace/webhooks", {
        ...owner(),
        body: "{not json",
        headers: { "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
    expectProblem(
      await call("POST", "/v1/workspace/webhooks", {
        ...owner(),
        body: "url=https://x",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "unsupported_media_type",
    );
    expectProblem(
      await call("POST", "/v1/workspace/webhooks", { ...owner(), json: ["x"] }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("PUT", "/v1/workspace/webhooks", { ...owner(), json: {} }),
      405,
      "method_not_allowed",
    );
  });

  it("allows internal hosts in self_host mode", async () => {
    for (const url of [
      "https://localhost:8443/h",
      "https://127.0.0.1/h",
      "https://10.0.0.5/h",
      "https://hooks.internal/h",
    ]) {
      const res = await call("POST", "/v1/workspace/webhooks", {
        ...owner(),
        json: { url, events: ["room.created"] },
      });
      expect(res.status, url).toBe(201);
    }
  });

  it("refuses local and internal hosts in cloud mode", async () => {
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    setHostResolverForTests(async () => [{ address: "93.184.216.34", family: 4 }]);
    for (const url of [
      "https://localhost/h",
      "https://LocalHost:8443/h",
      "https://app.localhost/h",
      "https://127.0.0.1/h",
      "https://127.1/h",
      "https://2130706433/h",
      "https://[::1]/h",
      "https://[::ffff:127.0.0.1]/h",
      "https://10.0.0.5/h",
      "https://192.168.0.10/h",
      "https://169.254.169.254/latest/meta-data",
      "https://metadata.google.internal/computeMetadata",
      "https://[fd00:ec2::254]/h",
      "https://[fe80::1]/h",
    ]) {
      const res = await call("POST", "/v1/workspace/webhooks", {
        ...owner(),
        json: { url, events: ["room.created"] },
      });
      const problem = expectProblem(res, 422, "validation_failed");
      expect(JSON.stringify(problem.errors), url).toContain("cloud mode");
    }
    const ok = await call("POST", "/v1/workspace/webhooks", {
      ...owner(),
      json: { url: "https://hooks.example.com/h", events: ["room.created"] },
    });
    expect(ok.status).toBe(201);
  });

  it("refuses, in cloud mode, a name that resolves to an internal address", async () => {
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    const resolved: string[] = [];
    setHostResolverForTests(async (host) => {
      resolved.push(host);
      if (host === "rebind.example.net") return [{ address: "127.0.0.1", family: 4 }];
      if (host === "dual.example.net")
        return [
          { address: "93.184.216.34", family: 4 },
          { address: "fd12::1", family: 6 },
        ];
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    });
    for (const host of ["rebind.example.net", "dual.example.net"]) {
      const res = await call("POST", "/v1/workspace/webhooks", {
        ...owner(),
        json: { url: `https://${host}/h`, events: ["room.created"] },
      });
      expect(JSON.stringify(expectProblem(res, 422, "validation_failed").errors)).toContain("resolves to");
    }
    // A name that does not resolve yet is accepted: every delivery attempt checks it again.
    const later = await call("POST", "/v1/workspace/webhooks", {
      ...owner(),
      json: { url: "https://not-yet.example.net/h", events: ["room.created"] },
    });
    expect(later.status).toBe(201);
    expect(resolved).toEqual(["rebind.example.net", "dual.example.net", "not-yet.example.net"]);
  });
});

describe("GET /v1/workspace/webhooks (endpoint 8)", () => {
  it("lists the org's endpoints, newest first, without secrets, to every role", async () => {
    const fresh = await createOrg();
    const a = await registerWebhook(fresh, "https://hooks.example.com/a");
    const key = await createProjectKey(fresh);
    const b = await call<Json>("POST", "/v1/webhooks/endpoints", {
      headers: { authorization: `Bearer ${key}` },
      json: { url: "https://hooks.example.com/b", events: ["qos.alert"] },
    });
    expect(b.status).toBe(201);
    for (const role of ["Owner", "Admin", "Developer", "Member", "Billing", "Viewer"] as const) {
      const res = await call<{ items: Json[] }>("GET", "/v1/workspace/webhooks", {
        token: fresh.members[role].token,
      });
      expect(res.status, role).toBe(200);
      expect(Object.keys(res.body)).toEqual(["items"]);
      expect(res.body.items.map((w) => w.id)).toEqual([b.body.id, a.id]);
      expect(res.body.items[0]).toMatchObject({
        project_id: fresh.projectId,
        events: ["qos.alert"],
        description: null,
      });
      expect(res.body.items[1]).toMatchObject({
        project_id: null,
        url: "https://hooks.example.com/a",
        active: true,
      });
      expect(res.text).not.toContain("whsec_");
      expect(res.text).not.toContain("signing_secret");
    }
  });

  it("never shows another org's endpoints", async () => {
    await registerWebhook(other, "https://other.example.com/x");
    const res = await call<{ items: Json[] }>("GET", "/v1/workspace/webhooks", owner());
    expect(res.body.items.some((w) => String(w.url).includes("other.example.com"))).toBe(false);
  });
});

describe("POST /v1/webhooks/endpoints (endpoint 15)", () => {
  const register = (key: string | undefined, json: unknown) =>
    call<Json>("POST", "/v1/webhooks/endpoints", {
      headers: key ? { authorization: `Bearer ${key}` } : {},
      json,
    });

  it("registers a project endpoint for the key's project, accepting the whole catalog", async () => {
    const key = await createProjectKey(org);
    const res = await register(key, {
      url: "https://hooks.example.com/project",
      events: ["room.ended", "recording.ready", "qos.alert", "participant.left", "license.revoked"],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.stringMatching(/^wh_/),
      project_id: org.projectId,
      events: ["room.ended", "recording.ready", "qos.alert", "participant.left", "license.revoked"],
      signing_secret: expect.stringMatching(/^whsec_/),
    });
  });

  it("accepts scope all and the bare secret", async () => {
    const key = await createProjectKey(org, "all");
    const bare = key.slice(key.indexOf(".") + 1);
    expect(
      (await register(bare, { url: "https://hooks.example.com/p", events: ["room.created"] })).status,
    ).toBe(201);
  });

  it("answers 401 invalid_api_key for a missing, malformed, unknown or revoked key", async () => {
    const body = { url: "https://hooks.example.com/p", events: ["room.created"] };
    expectProblem(await register(undefined, body), 401, "invalid_api_key");
    expectProblem(await register("svc_pk_nope", body), 401, "invalid_api_key");
    expectProblem(await register(`svc_live_${"x".repeat(40)}`, body), 401, "invalid_api_key");
    const revoked = await createProjectKey(org);
    const db = await getDb();
    await db
      .update(apiKeys)
      .set({ revokedAt: new Date() })
      .where(eq(apiKeys.id, revoked.slice(7, revoked.indexOf("."))));
    await settlePrincipalWrites(db);
    expectProblem(await register(revoked, body), 401, "invalid_api_key");
    // A session token is not a project key.
    expectProblem(await register(org.members.Owner.token, body), 401, "invalid_api_key");
  });

  it("answers 403 insufficient_scope for a key without webhooks:write", async () => {
    const key = await createProjectKey(org, "rooms:write");
    expectProblem(
      await register(key, { url: "https://hooks.example.com/p", events: ["room.created"] }),
      403,
      "insufficient_scope",
    );
  });

  it("validates the body like endpoint 9, against the whole catalog", async () => {
    const key = await createProjectKey(org);
    for (const body of [
      { url: "http://hooks.example.com/p", events: ["room.created"] },
      { url: "https://hooks.example.com/p", events: [] },
      { url: "https://hooks.example.com/p", events: ["participant.waved"] },
      { url: "https://hooks.example.com/p", events: ["webhook.test"] },
    ]) {
      expectProblem(await register(key, body), 422, "validation_failed");
    }
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    expectProblem(
      await register(key, { url: "https://127.0.0.1/p", events: ["room.created"] }),
      422,
      "validation_failed",
    );
  });
});

describe("single endpoint: GET, PATCH, DELETE", () => {
  it("GET shows the endpoint and its key ids; another org gets 404", async () => {
    const w = await registerWebhook(org, "https://hooks.example.com/single");
    const res = await call<Json>("GET", `/v1/workspace/webhooks/${w.id}`, {
      token: org.members.Viewer.token,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: w.id, signing_keys: [{ kid: "v1", expires_at: null }] });
    expect(res.text).not.toContain("whsec_");
    expectProblem(
      await call("GET", `/v1/workspace/webhooks/${w.id}`, { token: other.members.Owner.token }),
      404,
      "not_found",
    );
    expectProblem(await call("GET", "/v1/workspace/webhooks/wh_missing", owner()), 404, "not_found");
  });

  it("PATCH disables, re-subscribes and describes", async () => {
    const w = await registerWebhook(org, "https://hooks.example.com/patch");
    const path = `/v1/workspace/webhooks/${w.id}`;
    const off = await call<Json>("PATCH", path, { ...owner(), json: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: w.id, active: false, events: ["room.created"] });
    const changed = await call<Json>("PATCH", path, {
      ...owner(),
      json: { active: true, events: ["recording.completed", "recording.failed"], description: "rec" },
    });
    expect(changed.body).toMatchObject({
      active: true,
      events: ["recording.completed", "recording.failed"],
      description: "rec",
    });
    const cleared = await call<Json>("PATCH", path, {
      ...owner(),
      json: { description: null, url: "https://moved.example/" },
    });
    // The URL can be changed too (issue 38), checked as on creation (tests/webhooks-inbox.test.ts).
    expect(cleared.body).toMatchObject({ description: null, url: "https://moved.example/" });
  });

  it("PATCH validates, checks events against the endpoint's own catalog, and scopes by org and role", async () => {
    const w = await registerWebhook(org, "https://hooks.example.com/patch2");
    const path = `/v1/workspace/webhooks/${w.id}`;
    for (const body of [
      {},
      { active: "yes" },
      { events: [] },
      { events: ["qos.alert"] },
      { description: 3 },
    ]) {
      expectProblem(await call("PATCH", path, { ...owner(), json: body }), 422, "validation_failed");
    }
    expectProblem(
      await call("PATCH", path, { token: org.members.Member.token, json: { active: false } }),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(
      await call("PATCH", path, { token: other.members.Owner.token, json: { active: false } }),
      404,
      "not_found",
    );
    const key = await createProjectKey(org);
    const project = await call<Json>("POST", "/v1/webhooks/endpoints", {
      headers: { authorization: `Bearer ${key}` },
      json: { url: "https://hooks.example.com/pp", events: ["room.created"] },
    });
    const patched = await call<Json>("PATCH", `/v1/workspace/webhooks/${String(project.body.id)}`, {
      ...owner(),
      json: { events: ["qos.alert"] },
    });
    expect(patched.body).toMatchObject({ events: ["qos.alert"] });
  });

  it("DELETE removes the endpoint and its deliveries", async () => {
    const w = await registerWebhook(org, "https://hooks.example.com/delete");
    await call("POST", `/v1/workspace/webhooks/${w.id}/test`, owner());
    expect(await deliveriesOf(w.id)).toHaveLength(1);
    expectProblem(
      await call("DELETE", `/v1/workspace/webhooks/${w.id}`, { token: org.members.Viewer.token }),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(
      await call("DELETE", `/v1/workspace/webhooks/${w.id}`, { token: other.members.Owner.token }),
      404,
      "not_found",
    );
    const res = await call("DELETE", `/v1/workspace/webhooks/${w.id}`, owner());
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(await deliveriesOf(w.id)).toHaveLength(0);
    expectProblem(await call("DELETE", `/v1/workspace/webhooks/${w.id}`, owner()), 404, "not_found");
  });
});

describe("POST …/rotate-secret", () => {
  it("issues kid v(n+1) once, keeps the previous kid 24 h, and prunes expired kids", async () => {
    const w = await registerWebhook(org, "https://hooks.example.com/rotate");
    const path = `/v1/workspace/webhooks/${w.id}/rotate-secret`;
    const before = Date.now();
    const r1 = await call<Json>("POST", path, owner());
    const after = Date.now();
    expect(r1.status).toBe(200);
    expect(r1.body).toMatchObject({
      id: w.id,
      kid: "v2",
      previous_kid: "v1",
      signing_secret: expect.stringMatching(/^whsec_/),
    });
    expect(r1.body.signing_secret).not.toBe(w.signing_secret);
    const expires = Date.parse(String(r1.body.previous_kid_expires_at));
    // 24 h after the rotation, which happened between `before` and `after` (bracketed, not timed).
    expect(expires).toBeGreaterThanOrEqual(before + 24 * 3600 * 1000);
    expect(expires).toBeLessThanOrEqual(after + 24 * 3600 * 1000);

    const shown = await call<Json>("GET", `/v1/workspace/webhooks/${w.id}`, owner());
    expect(shown.body.signing_keys).toEqual([
      expect.objectContaining({ kid: "v1", expires_at: r1.body.previous_kid_expires_at }),
      expect.objectContaining({ kid: "v2", expires_at: null }),
    ]);

    // v1's 24 hours pass; the next rotation drops it.
    const db = await getDb();
    await db
      .update(webhookSigningSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(webhookSigningSecrets.endpointId, w.id), eq(webhookSigningSecrets.kid, "v1")));
    const r2 = await call<Json>("POST", path, owner());
    expect(r2.body).toMatchObject({ kid: "v3", previous_kid: "v2" });
    const kids = await db
      .select()
      .from(webhookSigningSecrets)
      .where(eq(webhookSigningSecrets.endpointId, w.id));
    expect(kids.map((k) => k.kid).sort()).toEqual(["v2", "v3"]);
    expect(decryptSecret(kids.find((k) => k.kid === "v3")?.secretCiphertext ?? "")).toBe(
      r2.body.signing_secret,
    );
  });

  it("is 404 across orgs and 403 for read-only roles", async () => {
    const w = await registerWebhook(org, "https://hooks.example.com/rotate2");
    const path = `/v1/workspace/webhooks/${w.id}/rotate-secret`;
    expectProblem(await call("POST", path, { token: other.members.Owner.token }), 404, "not_found");
    expectProblem(
      await call("POST", path, { token: org.members.Billing.token }),
      403,
      "forbidden_workspace_role",
    );
  });
});

describe("events and deliveries (transactional outbox)", () => {
  it("creates one delivery per matching active endpoint with the room, org-wide and project-scoped", async () => {
    const o = await createOrg();
    const db = await getDb();
    const secondProject = newId("project");
    await db.insert(projects).values({
      id: secondProject,
      orgId: o.id,
      name: "Two",
      slug: `two-${secondProject.slice(-6).toLowerCase()}`,
    });
    const orgWide = await registerWebhook(o, "https://hooks.example.com/org", ["room.created"]);
    const unsubscribed = await registerWebhook(o, "https://hooks.example.com/unsub", ["room.ended"]);
    const disabled = await registerWebhook(o, "https://hooks.example.com/off", ["room.created"]);
    await call("PATCH", `/v1/workspace/webhooks/${disabled.id}`, {
      token: o.members.Owner.token,
      json: { active: false },
    });
    const sameProject = await call<Json>("POST", "/v1/webhooks/endpoints", {
      headers: { authorization: `Bearer ${await createProjectKey(o)}` },
      json: { url: "https://hooks.example.com/p1", events: ["room.created"] },
    });
    const otherProject = await call<Json>("POST", "/v1/webhooks/endpoints", {
      headers: { authorization: `Bearer ${await createProjectKey(o, "all", secondProject)}` },
      json: { url: "https://hooks.example.com/p2", events: ["room.created"] },
    });
    const foreign = await registerWebhook(other, "https://hooks.example.com/foreign", ["room.created"]);

    const room = await call<Json>("POST", "/v1/workspace/rooms", {
      token: o.members.Developer.token,
      json: { project_id: o.projectId, name: "Standup" },
    });
    expect(room.status).toBe(201);

    const [event] = await db.select().from(events).where(eq(events.orgId, o.id));
    expect(event).toMatchObject({ type: "room.created", projectId: o.projectId });
    expect(event?.payload).toMatchObject({ type: "room.created", data: { object: room.body } });
    const rows = await db
      .select()
      .from(deliveries)
      .where(eq(deliveries.eventId, event?.id ?? ""));
    expect(rows.map((d) => d.endpointId).sort()).toEqual([orgWide.id, String(sameProject.body.id)].sort());
    for (const d of rows) {
      expect(d).toMatchObject({ status: "pending", attemptCount: 0, orgId: o.id });
      expect(d.webhookId).toMatch(/^evt_/);
      expect(d.nextAttemptAt?.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(new Set(rows.map((d) => d.webhookId)).size).toBe(2);
    for (const id of [unsubscribed.id, disabled.id, String(otherProject.body.id), foreign.id]) {
      expect(await deliveriesOf(id)).toHaveLength(0);
    }
  });

  it("writes nothing when the change's transaction rolls back", async () => {
    const o = await createOrg();
    const w = await registerWebhook(o, "https://hooks.example.com/rollback", ["room.ended"]);
    const db = await getDb();
    await expect(
      transactionWithJobs(db, async (tx) => {
        await recordEvent(tx, {
          type: "room.ended",
          orgId: o.id,
          projectId: o.projectId,
          object: roomObject(o.projectId),
        });
        expect(await tx.select().from(deliveries).where(eq(deliveries.endpointId, w.id))).toHaveLength(1);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await db.select().from(events).where(eq(events.orgId, o.id))).toHaveLength(0);
    expect(await deliveriesOf(w.id)).toHaveLength(0);
  });

  it("sends an install-wide event (license.revoked, no project) to every endpoint of its org subscribed to it, and none of another org's", async () => {
    // The licence is the install's, not a project's; only project endpoints can subscribe to it
    // (docs/decisions/1277).
    const o = await createOrg();
    const elsewhere = await createOrg();
    const subscribe = async (to: TestOrg) =>
      call<Json>("POST", "/v1/webhooks/endpoints", {
        headers: { authorization: `Bearer ${await createProjectKey(to)}` },
        json: { url: "https://hooks.example.com/lic", events: ["license.revoked"] },
      });
    const mine = await subscribe(o);
    const theirs = await subscribe(elsewhere);
    const notSubscribed = await call<Json>("POST", "/v1/webhooks/endpoints", {
      headers: { authorization: `Bearer ${await createProjectKey(o)}` },
      json: { url: "https://hooks.example.com/qos", events: ["qos.alert"] },
    });
    const db = await getDb();
    await transactionWithJobs(db, (tx) =>
      recordEvent(tx, {
        type: "license.revoked",
        orgId: o.id,
        projectId: null,
        object: { license_id: "lic_1", reason: "expired", revoked_at: new Date().toISOString() },
      }),
    );
    expect(await deliveriesOf(String(mine.body.id))).toHaveLength(1);
    expect(await deliveriesOf(String(theirs.body.id))).toHaveLength(0);
    expect(await deliveriesOf(String(notSubscribed.body.id))).toHaveLength(0);
  });
});

describe("delivery log, redeliver and test events", () => {
  it("pages the log newest first, filters by status, and 404s across orgs", async () => {
    const w = await registerWebhook(org, "https://hooks.example.com/log");
    const sent: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call<Json>("POST", `/v1/workspace/webhooks/${w.id}/test`, owner());
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({
        event_type: "webhook.test",
        status: "pending",
        attempt_count: 0,
        attempts: [],
      });
      sent.push(String(res.body.id));
    }
    const path = `/v1/workspace/webhooks/${w.id}/deliveries`;
    const p1 = await call<{ items: Json[]; next_cursor: string | null }>("GET", path, {
      token: org.members.Viewer.token,
      query: { limit: 2 },
    });
    expect(p1.status).toBe(200);
    expect(p1.body.items.map((d) => d.id)).toEqual([sent[2], sent[1]]);
    expect(p1.body.items[0]).toMatchObject({ endpoint_id: w.id, event_id: expect.stringMatching(/^evt_/) });
    const p2 = await call<{ items: Json[]; next_cursor: string | null }>("GET", path, {
      ...owner(),
      query: { limit: 2, cursor: p1.body.next_cursor ?? "" },
    });
    expect(p2.body.items.map((d) => d.id)).toEqual([sent[0]]);
    expect(p2.body.next_cursor).toBeNull();
    const pending = await call<{ items: Json[] }>("GET", path, { ...owner(), query: { status: "pending" } });
    expect(pending.body.items).toHaveLength(3);
    const dead = await call<{ items: Json[] }>("GET", path, { ...owner(), query: { status: "dead" } });
    expect(dead.body.items).toHaveLength(0);
    expectProblem(
      await call("GET", path, { ...owner(), query: { status: "weird" } }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("GET", path, { ...owner(), query: { cursor: "garbage!" } }),
      422,
      "validation_failed",
    );
    expectProblem(await call("GET", path, { ...owner(), query: { limit: 0 } }), 422, "validation_failed");
    expectProblem(await call("GET", path, { token: other.members.Owner.token }), 404, "not_found");
  });

  it("redelivers only finished deliveries, with a fresh schedule", async () => {
    const w = await registerWebhook(org, "https://hooks.example.com/redeliver");
    const test = await call<Json>("POST", `/v1/workspace/webhooks/${w.id}/test`, owner());
    const path = `/v1/workspace/webhooks/${w.id}/deliveries/${String(test.body.id)}/redeliver`;
    expectProblem(await call("POST", path, owner()), 409, "conflict");
    const db = await getDb();
    await db
      .update(deliveries)
      .set({ status: "dead", attemptCount: 7, nextAttemptAt: null, completedAt: new Date() })
      .where(eq(deliveries.id, String(test.body.id)));
    expectProblem(
      await call("POST", path, { token: org.members.Viewer.token }),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(await call("POST", path, { token: other.members.Owner.token }), 404, "not_found");
    expectProblem(
      await call("POST", `/v1/workspace/webhooks/${w.id}/deliveries/dlv_missing/redeliver`, owner()),
      404,
      "not_found",
    );
    const res = await call<Json>("POST", path, owner());
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({
      id: test.body.id,
      event_id: test.body.event_id,
      status: "pending",
      attempt_count: 7,
    });
    const [row] = await deliveriesOf(w.id);
    expect(row).toMatchObject({ status: "pending", scheduleBase: 7, completedAt: null });
  });

  it("refuses test events and redelivery to a disabled endpoint", async () => {
    const w = await registerWebhook(org, "https://hooks.example.com/disabled");
    const test = await call<Json>("POST", `/v1/workspace/webhooks/${w.id}/test`, owner());
    const db = await getDb();
    await db
      .update(deliveries)
      .set({ status: "succeeded" })
      .where(eq(deliveries.id, String(test.body.id)));
    await call("PATCH", `/v1/workspace/webhooks/${w.id}`, { ...owner(), json: { active: false } });
    expectProblem(await call("POST", `/v1/workspace/webhooks/${w.id}/test`, owner()), 409, "conflict");
    expectProblem(
      await call(
        "POST",
        `/v1/workspace/webhooks/${w.id}/deliveries/${String(test.body.id)}/redeliver`,
        owner(),
      ),
      409,
      "conflict",
    );
    expectProblem(
      await call("POST", `/v1/workspace/webhooks/${w.id}/test`, { token: other.members.Owner.token }),
      404,
      "not_found",
    );
    expectProblem(
      await call("POST", `/v1/workspace/webhooks/${w.id}/test`, { token: org.members.Member.token }),
      403,
      "forbidden_workspace_role",
    );
  });
});
