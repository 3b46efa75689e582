import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { apiKeys, orgs, projects } from "@/db/schema";
import type { ApiKeyDto, MintedApiKey, RotatedApiKey } from "@/lib/api-keys/api-key-schema";
import { flushKeyUsage, pendingLastUse } from "@/lib/api-keys/last-used";
import { ROLES } from "@/lib/auth/roles";
import { sha256Hex } from "@/lib/crypto/secret-box";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
let other: TestOrg;
let roomId: string;

beforeAll(async () => {
  org = await createOrg({ name: "Keys Org" });
  other = await createOrg({ name: "Other Org" });
  const room = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId, type: "meeting" },
  });
  roomId = room.body.id;
});

afterEach(() => overrideEnvForTests({}));

const keysPath = (projectId: string) => `/v1/workspace/projects/${projectId}/api-keys`;

async function mint(
  body: Record<string, unknown> = { name: "Server" },
  t = org,
  token = t.members.Owner.token,
) {
  const res = await call<MintedApiKey>("POST", keysPath(t.projectId), { token, json: body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** A call that needs a project key with scope rooms:write: minting a room token. */
function callWithKey(authorization: string | undefined) {
  return call("POST", "/v1/auth/tokens/room", {
    headers: authorization === undefined ? {} : { authorization },
    json: { roomId, identity: "alice", role: "viewer" },
  });
}

describe("POST /v1/workspace/projects/:projectId/api-keys (endpoint 10)", () => {
  it("mints a key whose secret is shown once and stored only as a SHA-256 hash", async () => {
    const key = await mint({ name: "  Backend  " });
    expect(key.id).toMatch(/^key_[A-Za-z0-9]{22}$/);
    expect(key.name).toBe("Backend");
    expect(key.scope).toBe("all");
    expect(key.grants).toEqual(["publish", "subscribe", "record"]);
    expect(key.secret).toMatch(/^svc_live_[A-Za-z0-9]{32,}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 13));
    expect(key.prefix).toMatch(/^svc_live_[A-Za-z0-9]{4}$/);
    expect(key.project_key).toBe(`svc_pk_${key.id}.${key.secret}`);
    expect(key.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const [row] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, key.id));
    // Plain SHA-256 hex, computed here without our helper: keys stored by earlier releases must still match.
    expect(row?.secretHash).toBe(createHash("sha256").update(key.secret).digest("hex"));
    expect(sha256Hex(key.secret)).toBe(row?.secretHash);
    expect(JSON.stringify(row)).not.toContain(key.secret.slice(9));
    expect(row?.projectId).toBe(org.projectId);
    expect(row?.orgId).toBe(org.id);
    expect(row?.createdBy).toBe(org.members.Owner.userId);
  });

  it("takes a scope and grants (deduplicated, in canonical order; [] allowed)", async () => {
    const a = await mint({
      name: "Reader",
      scope: "recordings:read",
      grants: ["record", "publish", "record"],
    });
    expect(a.scope).toBe("recordings:read");
    expect(a.grants).toEqual(["publish", "record"]);
    const b = await mint({ name: "Hooks", scope: "webhooks:write", grants: [] });
    expect(b.grants).toEqual([]);
    for (const scope of ["rooms:read", "rooms:write", "recordings:write", "all"]) {
      expect((await mint({ name: scope, scope })).scope).toBe(scope);
    }
  });

  it("gives every key its own secret", async () => {
    const secrets = new Set<string>();
    for (let i = 0; i < 5; i++) secrets.add((await mint({ name: `k${i}` })).secret);
    expect(secrets.size).toBe(5);
  });

  it("is allowed to Owner, Admin and Developer only", async () => {
    for (const role of ROLES) {
      const res = await call("POST", keysPath(org.projectId), {
        token: org.members[role].token,
        json: { name: `by ${role}` },
      });
      if (["Owner", "Admin", "Developer"].includes(role)) expect(res.status, role).toBe(201);
      else expectProblem(res, 403, "forbidden_workspace_role");
    }
    expectProblem(
      await call("POST", keysPath(org.projectId), { json: { name: "x" } }),
      401,
      "unauthenticated",
    );
  });

  it("answers 404 for a project of another org or an unknown one", async () => {
    const token = org.members.Owner.token;
    expectProblem(
      await call("POST", keysPath(other.projectId), { token, json: { name: "x" } }),
      404,
      "not_found",
    );
    expectProblem(
      await call("POST", keysPath(newId("project")), { token, json: { name: "x" } }),
      404,
      "not_found",
    );
    expectProblem(await call("POST", keysPath("nonsense"), { token, json: { name: "x" } }), 404, "not_found");
  });

  it("rejects bad input on every field", async () => {
    const token = org.members.Owner.token;
    const bad = async (json: unknown, path: string) => {
      const res = await call("POST", keysPath(org.projectId), { token, json });
      const body = expectProblem(res, 422, "validation_failed");
      expect(
        (body.errors as { path: string }[]).map((e) => e.path),
        res.text,
      ).toContain(path);
    };
    await bad({}, "name");
    await bad({ name: "" }, "name");
    await bad({ name: "   " }, "name");
    await bad({ name: "x".repeat(101) }, "name");
    await bad({ name: 42 }, "name");
    await bad({ name: null }, "name");
    await bad({ name: "x", scope: "rooms:admin" }, "scope");
    await bad({ name: "x", scope: 1 }, "scope");
    await bad({ name: "x", grants: "publish" }, "grants");
    await bad({ name: "x", grants: ["publish", "fly"] }, "grants.1");
    await bad({ name: "x", grants: [1] }, "grants.0");
    await bad({ name: "x", grants: new Array(13).fill("publish") }, "grants");
    await bad([{ name: "x" }], "");
    expectProblem(
      await call("POST", keysPath(org.projectId), {
        token,
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
    expectProblem(
      await call("POST", keysPath(org.projectId), {
        token,
        body: "name=x",
        headers: { "content-type": "text/plain" },
      }),
      415,
      "unsupported_media_type",
    );
    // Unknown extra fields are ignored.
    expect((await mint({ name: "extra", colour: "blue" })).name).toBe("extra");
  });

  it("needs a selected plan in cloud mode only", async () => {
    const noPlan = await createOrg({ name: "No Plan", planSelected: false });
    const token = noPlan.members.Owner.token;
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    expectProblem(
      await call("POST", keysPath(noPlan.projectId), { token, json: { name: "x" } }),
      402,
      "plan_required",
    );
    expect(
      (await call("POST", keysPath(org.projectId), { token: org.members.Owner.token, json: { name: "x" } }))
        .status,
    ).toBe(201);
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "self_host" });
    expect((await call("POST", keysPath(noPlan.projectId), { token, json: { name: "x" } })).status).toBe(201);
  });
});

describe("GET /v1/workspace/projects/:projectId/api-keys (extension)", () => {
  it("lists a project's keys without any secret, to every role of the org", async () => {
    const key = await mint({ name: "Listed" });
    for (const role of ROLES) {
      const res = await call<{ items: ApiKeyDto[] }>("GET", keysPath(org.projectId), {
        token: org.members[role].token,
      });
      expect(res.status, role).toBe(200);
      const item = res.body.items.find((k) => k.id === key.id);
      expect(item).toMatchObject({
        name: "Listed",
        prefix: key.prefix,
        state: "active",
        scope: "all",
        revoked_at: null,
      });
      expect(res.text).not.toContain(key.secret);
      expect(res.text).not.toContain(sha256Hex(key.secret));
      expect(res.text).not.toMatch(/secret/);
    }
  });

  it("answers 404 for another org's project", async () => {
    expectProblem(
      await call("GET", keysPath(other.projectId), { token: org.members.Viewer.token }),
      404,
      "not_found",
    );
  });
});

describe("project-key authentication", () => {
  it("accepts the svc_pk_ form and the bare secret, any case of Bearer", async () => {
    const key = await mint({ name: "Auth" });
    expect((await callWithKey(`Bearer ${key.project_key}`)).status).toBe(200);
    expect((await callWithKey(`Bearer ${key.secret}`)).status).toBe(200);
    expect((await callWithKey(`bearer   ${key.project_key}`)).status).toBe(200);
  });

  it("answers 401 invalid_api_key for everything wrong with the key", async () => {
    const key = await mint({ name: "Wrong" });
    const another = await mint({ name: "Another" });
    const cases = [
      undefined,
      "",
      "Bearer",
      "Bearer ",
      `Basic ${key.secret}`,
      `Bearer ${key.secret}x`,
      `Bearer ${key.secret.slice(0, -1)}`,
      `Bearer svc_live_${"A".repeat(40)}`,
      `Bearer svc_pk_${key.id}`,
      `Bearer svc_pk_${key.id}.`,
      `Bearer svc_pk_.${key.secret}`,
      `Bearer svc_pk_${another.id}.${key.secret}`,
      `Bearer svc_pk_${key.id}.${another.secret}`,
      `Bearer svc_pk_nokey.${key.secret}`,
      `Bearer ${key.project_key} extra`,
      `Bearer ${"x".repeat(600)}`,
      `Bearer ${org.members.Owner.token}`,
      `Bearer ${key.prefix}`,
    ];
    for (const authorization of cases)
      expectProblem(await callWithKey(authorization), 401, "invalid_api_key");
  });

  it("answers 403 insufficient_scope when the key's scope does not cover the call", async () => {
    for (const scope of ["rooms:read", "recordings:read", "recordings:write", "webhooks:write"]) {
      const key = await mint({ name: scope, scope });
      expectProblem(await callWithKey(`Bearer ${key.project_key}`), 403, "insufficient_scope");
    }
    expect(
      (await callWithKey(`Bearer ${(await mint({ name: "rw", scope: "rooms:write" })).project_key}`)).status,
    ).toBe(200);
  });

  it("is not accepted on workspace endpoints", async () => {
    const key = await mint({ name: "Not workspace" });
    expectProblem(
      await call("GET", "/v1/workspace/projects", { token: key.project_key }),
      401,
      "unauthenticated",
    );
  });

  it("records the last use in memory and writes it in one batched update", async () => {
    const db = await getDb();
    await flushKeyUsage(db);
    const key = await mint({ name: "Usage" });
    expect((await callWithKey(`Bearer ${key.project_key}`)).status).toBe(200);
    const noted = pendingLastUse(key.id);
    expect(noted).toBeInstanceOf(Date);
    // No write on the request itself…
    const [before] = await db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(before?.at).toBeNull();
    // …but the console already shows it.
    const listed = await call<{ items: ApiKeyDto[] }>("GET", keysPath(org.projectId), {
      token: org.members.Owner.token,
    });
    expect(listed.body.items.find((k) => k.id === key.id)?.last_used_at).toBe(noted?.toISOString());
    expect(await flushKeyUsage(db)).toBeGreaterThanOrEqual(1);
    const [after] = await db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(after?.at?.toISOString()).toBe(noted?.toISOString());
    expect(pendingLastUse(key.id)).toBeUndefined();
    // A failed authentication is not a use.
    await callWithKey(`Bearer svc_pk_${key.id}.svc_live_${"B".repeat(40)}`);
    expect(pendingLastUse(key.id)).toBeUndefined();
    expect(await flushKeyUsage(db)).toBe(0);
  });

  it("never moves a stored last use backwards", async () => {
    const db = await getDb();
    await flushKeyUsage(db);
    const key = await mint({ name: "Monotonic" });
    const future = new Date(Date.now() + 3_600_000);
    await db.update(apiKeys).set({ lastUsedAt: future }).where(eq(apiKeys.id, key.id));
    expect((await callWithKey(`Bearer ${key.secret}`)).status).toBe(200);
    await flushKeyUsage(db);
    const [row] = await db.select({ at: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.at?.toISOString()).toBe(future.toISOString());
  });
});

describe("POST .../api-keys/:id/rotate (endpoint 11)", () => {
  const rotatePath = (projectId: string, id: string) => `${keysPath(projectId)}/${id}/rotate`;

  it("returns a new secret once; the old secret fails on the very next request", async () => {
    const key = await mint({ name: "Rotating" });
    expect((await callWithKey(`Bearer ${key.project_key}`)).status).toBe(200);
    const res = await call<RotatedApiKey>("POST", rotatePath(org.projectId, key.id), {
      token: org.members.Developer.token,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["id", "prefix", "project_key", "rotated_at", "secret"]);
    expect(res.body.id).toBe(key.id);
    expect(res.body.secret).toMatch(/^svc_live_[A-Za-z0-9]{32,}$/);
    expect(res.body.secret).not.toBe(key.secret);
    expect(res.body.prefix).toBe(res.body.secret.slice(0, 13));
    expect(res.body.project_key).toBe(`svc_pk_${key.id}.${res.body.secret}`);

    expectProblem(await callWithKey(`Bearer ${key.project_key}`), 401, "invalid_api_key");
    expectProblem(await callWithKey(`Bearer ${key.secret}`), 401, "invalid_api_key");
    expect((await callWithKey(`Bearer ${res.body.project_key}`)).status).toBe(200);
    expect((await callWithKey(`Bearer ${res.body.secret}`)).status).toBe(200);

    const [row] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.secretHash).toBe(sha256Hex(res.body.secret));
    expect(row?.prefix).toBe(res.body.prefix);
    expect(row?.rotatedAt?.toISOString()).toBe(res.body.rotated_at);
  });

  it("keeps name, scope and grants", async () => {
    const key = await mint({ name: "Keep", scope: "rooms:write", grants: ["subscribe"] });
    await call("POST", rotatePath(org.projectId, key.id), { token: org.members.Owner.token });
    const listed = await call<{ items: ApiKeyDto[] }>("GET", keysPath(org.projectId), {
      token: org.members.Owner.token,
    });
    expect(listed.body.items.find((k) => k.id === key.id)).toMatchObject({
      name: "Keep",
      scope: "rooms:write",
      grants: ["subscribe"],
    });
  });

  it("answers 404 for a key of another project or org, an unknown or a revoked key", async () => {
    const token = org.members.Owner.token;
    const key = await mint({ name: "Scoped" });
    const otherKey = await mint({ name: "Theirs" }, other);
    const db = await getDb();
    const secondProject = newId("project");
    await db.insert(projects).values({
      id: secondProject,
      orgId: org.id,
      name: "Second",
      slug: `second-${secondProject.slice(-6).toLowerCase()}`,
    });
    expectProblem(await call("POST", rotatePath(secondProject, key.id), { token }), 404, "not_found");
    expectProblem(await call("POST", rotatePath(org.projectId, otherKey.id), { token }), 404, "not_found");
    expectProblem(await call("POST", rotatePath(other.projectId, otherKey.id), { token }), 404, "not_found");
    expectProblem(
      await call("POST", rotatePath(org.projectId, newId("apiKey")), { token }),
      404,
      "not_found",
    );
    expect((await call("DELETE", `${keysPath(org.projectId)}/${key.id}`, { token })).status).toBe(204);
    expectProblem(await call("POST", rotatePath(org.projectId, key.id), { token }), 404, "not_found");
    // The other org's key still works: nothing there was touched.
    expect(
      (
        await call("POST", "/v1/auth/tokens/room", {
          headers: { authorization: `Bearer ${otherKey.project_key}` },
          json: { roomId: "rm_x", identity: "a", role: "viewer" },
        })
      ).status,
    ).toBe(404);
  });

  it("is allowed to Owner, Admin and Developer only", async () => {
    const key = await mint({ name: "Roles" });
    for (const role of ROLES) {
      const res = await call("POST", rotatePath(org.projectId, key.id), { token: org.members[role].token });
      if (["Owner", "Admin", "Developer"].includes(role)) expect(res.status, role).toBe(200);
      else expectProblem(res, 403, "forbidden_workspace_role");
    }
  });

  it("answers 405 for other methods", async () => {
    const key = await mint({ name: "Methods" });
    expectProblem(
      await call("GET", rotatePath(org.projectId, key.id), { token: org.members.Owner.token }),
      405,
      "method_not_allowed",
    );
  });
});

describe("DELETE .../api-keys/:id (endpoint 12)", () => {
  const keyPath = (projectId: string, id: string) => `${keysPath(projectId)}/${id}`;

  it("revokes permanently: 204, the key stops working at once, and stays revoked", async () => {
    const key = await mint({ name: "Revoked" });
    expect((await callWithKey(`Bearer ${key.project_key}`)).status).toBe(200);
    const res = await call("DELETE", keyPath(org.projectId, key.id), { token: org.members.Admin.token });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expectProblem(await callWithKey(`Bearer ${key.project_key}`), 401, "invalid_api_key");
    expectProblem(await callWithKey(`Bearer ${key.secret}`), 401, "invalid_api_key");
    expectProblem(
      await call("DELETE", keyPath(org.projectId, key.id), { token: org.members.Admin.token }),
      404,
      "not_found",
    );
    expectProblem(
      await call("POST", `${keyPath(org.projectId, key.id)}/rotate`, { token: org.members.Admin.token }),
      404,
      "not_found",
    );
    expectProblem(await callWithKey(`Bearer ${key.project_key}`), 401, "invalid_api_key");
    const listed = await call<{ items: ApiKeyDto[] }>("GET", keysPath(org.projectId), {
      token: org.members.Owner.token,
    });
    const item = listed.body.items.find((k) => k.id === key.id);
    expect(item?.state).toBe("revoked");
    expect(item?.revoked_at).toMatch(/Z$/);
  });

  it("answers 404 across projects and orgs, and for unknown keys", async () => {
    const token = org.members.Owner.token;
    const otherKey = await mint({ name: "Theirs" }, other);
    expectProblem(await call("DELETE", keyPath(other.projectId, otherKey.id), { token }), 404, "not_found");
    expectProblem(await call("DELETE", keyPath(org.projectId, otherKey.id), { token }), 404, "not_found");
    expectProblem(await call("DELETE", keyPath(org.projectId, "key_unknown"), { token }), 404, "not_found");
    const [row] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, otherKey.id));
    expect(row?.revokedAt).toBeNull();
  });

  it("is allowed to Owner, Admin and Developer only", async () => {
    for (const role of ROLES) {
      const key = await mint({ name: `del ${role}` });
      const res = await call("DELETE", keyPath(org.projectId, key.id), { token: org.members[role].token });
      if (["Owner", "Admin", "Developer"].includes(role)) expect(res.status, role).toBe(204);
      else expectProblem(res, 403, "forbidden_workspace_role");
    }
  });

  it("cascades with its org: a deleted org's keys no longer authenticate", async () => {
    const gone = await createOrg({ name: "Gone" });
    const key = await mint({ name: "Doomed" }, gone);
    await (await getDb()).delete(orgs).where(eq(orgs.id, gone.id));
    expectProblem(await callWithKey(`Bearer ${key.project_key}`), 401, "invalid_api_key");
  });
});
