import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, memberships, projects, rooms, workspaceKeys } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/secret-box";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { WorkspaceKeyDto } from "@/lib/workspace-keys/workspace-key-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, createWorkspaceKeyFor, type TestOrg } from "./helpers/fixtures";

/** Workspace API keys (issue 49 item 1; docs/decisions/1290). */

let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
});

const owner = () => org.members.Owner.token;

async function keyRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(workspaceKeys).where(eq(workspaceKeys.id, id));
  return row;
}

async function auditOf(orgId: string, action: string) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, action as never)));
}

describe("creating, listing, rotating and revoking", () => {
  it("shows the key once, stores only its hash, lists it without the secret, and audits it", async () => {
    const created = await call<WorkspaceKeyDto & { key: string }>("POST", "/v1/workspace/keys", {
      token: owner(),
      json: { name: "CI deploys", role: "Developer" },
    });
    expect(created.status, created.text).toBe(201);
    const { key, id } = created.body;
    expect(key).toMatch(/^svc_wk_[0-9A-Za-z]+\.[0-9A-Za-z]{43}$/);
    expect(created.body).toMatchObject({
      name: "CI deploys",
      role: "Developer",
      project_id: null,
      state: "active",
    });
    expect(created.body.created_by).toBe(org.members.Owner.userId);

    const row = await keyRow(id);
    const secret = key.slice(key.indexOf(".") + 1);
    expect(row?.secretHash).toBe(sha256Hex(secret));
    expect(JSON.stringify(row)).not.toContain(secret);

    const list = await call<{ items: Array<Record<string, unknown>> }>("GET", "/v1/workspace/keys", {
      token: org.members.Viewer.token,
    });
    expect(list.status).toBe(200);
    const listed = list.body.items.find((k) => k.id === id);
    expect(listed).toBeDefined();
    expect(listed?.key).toBeUndefined();
    expect(list.text).not.toContain(secret);
    expect(listed?.prefix).toBe(key.slice(0, key.indexOf(".") + 5));

    const [entry] = (await auditOf(org.id, "workspace_key.created")).filter((e) => e.targetId === id);
    expect(entry?.actorId).toBe(org.members.Owner.userId);
    expect(JSON.stringify(entry?.metadata)).not.toContain(secret);
  });

  it("works on the workspace API, shows last use, and names the key in /me", async () => {
    const { id, key } = await createWorkspaceKeyFor(org, "Admin");
    expect((await keyRow(id))?.lastUsedAt).toBeNull();
    const me = await call("GET", "/v1/workspace/me", { token: key });
    expect(me.status, me.text).toBe(200);
    expect(me.body).toMatchObject({
      user_id: null,
      org: { id: org.id, role: "Admin" },
      key: { id, name: "Admin key", project_id: null },
    });
    expect((await keyRow(id))?.lastUsedAt).toBeInstanceOf(Date);
    const list = await call<{ items: WorkspaceKeyDto[] }>("GET", "/v1/workspace/keys", { token: owner() });
    expect(list.body.items.find((k) => k.id === id)?.last_used_at).not.toBeNull();
  });

  it("rotation replaces the secret at once; revocation is permanent; both audited", async () => {
    const { id, key } = await createWorkspaceKeyFor(org, "Developer");
    const rotated = await call<{ key: string; rotated_at: string }>(
      "POST",
      `/v1/workspace/keys/${id}/rotate`,
      {
        token: owner(),
      },
    );
    expect(rotated.status, rotated.text).toBe(200);
    expect(rotated.body.key).not.toBe(key);
    expect(rotated.body.rotated_at).toBeTruthy();
    expectProblem(await call("GET", "/v1/workspace/projects", { token: key }), 401, "unauthenticated");
    expect((await call("GET", "/v1/workspace/projects", { token: rotated.body.key })).status).toBe(200);

    expect((await call("DELETE", `/v1/workspace/keys/${id}`, { token: owner() })).status).toBe(204);
    const after = expectProblem(
      await call("GET", "/v1/workspace/projects", { token: rotated.body.key }),
      401,
      "unauthenticated",
    );
    expect(after.detail).toMatch(/revoked/);
    expectProblem(await call("DELETE", `/v1/workspace/keys/${id}`, { token: owner() }), 404, "not_found");
    expectProblem(
      await call("POST", `/v1/workspace/keys/${id}/rotate`, { token: owner() }),
      404,
      "not_found",
    );
    const list = await call<{ items: WorkspaceKeyDto[] }>("GET", "/v1/workspace/keys", { token: owner() });
    expect(list.body.items.find((k) => k.id === id)?.state).toBe("revoked");
    expect((await auditOf(org.id, "workspace_key.rotated")).some((e) => e.targetId === id)).toBe(true);
    expect((await auditOf(org.id, "workspace_key.revoked")).some((e) => e.targetId === id)).toBe(true);
  });

  it("an expired key is refused and listed as expired", async () => {
    const { id, key } = await createWorkspaceKeyFor(org, "Viewer");
    const db = await getDb();
    await db
      .update(workspaceKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(workspaceKeys.id, id));
    expectProblem(await call("GET", "/v1/workspace/me", { token: key }), 401, "unauthenticated");
    const list = await call<{ items: WorkspaceKeyDto[] }>("GET", "/v1/workspace/keys", { token: owner() });
    expect(list.body.items.find((k) => k.id === id)?.state).toBe("expired");
  });

  it("takes an expiry in the future, within two years", async () => {
    const soon = new Date(Date.now() + 86_400_000).toISOString();
    const ok = await call("POST", "/v1/workspace/keys", {
      token: owner(),
      json: { name: "temp", role: "Viewer", expires_at: soon },
    });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.expires_at).toBe(soon);
    for (const expires_at of [
      new Date(Date.now() - 60_000).toISOString(),
      new Date(Date.now() + 3 * 366 * 86_400_000).toISOString(),
    ]) {
      const bad = expectProblem(
        await call("POST", "/v1/workspace/keys", {
          token: owner(),
          json: { name: "x", role: "Viewer", expires_at },
        }),
        422,
        "validation_failed",
      );
      expect(bad.errors).toEqual([expect.objectContaining({ path: "expires_at" })]);
    }
  });

  it("rejects bad input with field errors", async () => {
    const res = expectProblem(
      await call("POST", "/v1/workspace/keys", {
        token: owner(),
        json: { name: "", role: "Root", project_id: 5, expires_at: "tomorrow" },
      }),
      422,
      "validation_failed",
    );
    const paths = (res.errors as Array<{ path: string }>).map((e) => e.path).sort();
    expect(paths).toEqual(["expires_at", "name", "project_id", "role"]);
  });

  it("another org's project is 404, another org's key is 404", async () => {
    expectProblem(
      await call("POST", "/v1/workspace/keys", {
        token: owner(),
        json: { name: "x", role: "Viewer", project_id: other.projectId },
      }),
      404,
      "not_found",
    );
    const theirs = await createWorkspaceKeyFor(other, "Viewer");
    expectProblem(
      await call("DELETE", `/v1/workspace/keys/${theirs.id}`, { token: owner() }),
      404,
      "not_found",
    );
  });
});

describe("a key never holds more than its creator", () => {
  it.each([
    ["Admin", "Owner"],
    ["Admin", "Billing"],
    ["Developer", "Admin"],
    ["Developer", "Billing"],
  ] as const)("%s cannot make a %s key", async (creator, role) => {
    const res = await call("POST", "/v1/workspace/keys", {
      token: org.members[creator].token,
      json: { name: "escalate", role },
    });
    const body = expectProblem(res, 403, "forbidden_workspace_role");
    expect(body.detail).toContain(role);
  });

  it.each([
    ["Admin", "Admin"],
    ["Admin", "Developer"],
    ["Developer", "Developer"],
    ["Developer", "Member"],
    ["Developer", "Viewer"],
  ] as const)("%s can make a %s key", async (creator, role) => {
    expect((await createWorkspaceKeyFor(org, role, { by: creator })).key).toMatch(/^svc_wk_/);
  });

  it("Member, Billing and Viewer cannot make keys at all", async () => {
    for (const role of ["Member", "Billing", "Viewer"] as const) {
      expectProblem(
        await call("POST", "/v1/workspace/keys", {
          token: org.members[role].token,
          json: { name: "x", role: "Viewer" },
        }),
        403,
        "forbidden_workspace_role",
      );
    }
  });

  it("an Admin cannot rotate or revoke an Owner key (it would hand over an Owner's secret)", async () => {
    const ownerKey = await createWorkspaceKeyFor(org, "Owner");
    for (const [method, path] of [
      ["POST", `/v1/workspace/keys/${ownerKey.id}/rotate`],
      ["DELETE", `/v1/workspace/keys/${ownerKey.id}`],
    ] as const) {
      expectProblem(
        await call(method, path, { token: org.members.Admin.token }),
        403,
        "forbidden_workspace_role",
      );
    }
  });

  it("a key's new keys stay within the key's role, and name the key as their maker", async () => {
    const dev = await createWorkspaceKeyFor(org, "Developer");
    expectProblem(
      await call("POST", "/v1/workspace/keys", { token: dev.key, json: { name: "up", role: "Admin" } }),
      403,
      "forbidden_workspace_role",
    );
    const made = await call("POST", "/v1/workspace/keys", {
      token: dev.key,
      json: { name: "down", role: "Viewer" },
    });
    expect(made.status, made.text).toBe(201);
    expect(made.body.created_by).toBe(dev.id);
  });
});

describe("acting with a key", () => {
  it("writes are audited with the key as the actor, and FK columns take no key id", async () => {
    const admin = await createWorkspaceKeyFor(org, "Admin", { name: "terraform" });
    const project = await call("POST", "/v1/workspace/projects", {
      token: admin.key,
      json: { name: "From IaC" },
    });
    expect(project.status, project.text).toBe(201);
    const [entry] = (await auditOf(org.id, "project.created")).filter((e) => e.targetId === project.body.id);
    expect(entry).toMatchObject({ actorType: "api_key", actorId: admin.id, actorLabel: "terraform" });

    // A project key minted by a workspace key: created_by (a user reference) stays null.
    const minted = await call("POST", `/v1/workspace/projects/${String(project.body.id)}/api-keys`, {
      token: admin.key,
      json: { name: "server" },
    });
    expect(minted.status, minted.text).toBe(201);
    // A member invitation sent by a key: invited_by (a user reference) stays null.
    const invited = await call("POST", "/v1/workspace/members/invitations", {
      token: admin.key,
      json: { email: `new.${newId("user").slice(-6).toLowerCase()}@example.test`, role: "Viewer" },
    });
    expect(invited.status, invited.text).toBe(201);
  });

  it("a key's rights follow its role, not its creator's later role", async () => {
    const db = await getDb();
    const dev = await createWorkspaceKeyFor(org, "Developer", { by: "Developer" });
    await db
      .update(memberships)
      .set({ role: "Viewer" })
      .where(and(eq(memberships.orgId, org.id), eq(memberships.userId, org.members.Developer.userId)));
    try {
      const res = await call("POST", "/v1/workspace/projects", {
        token: dev.key,
        json: { name: "still allowed" },
      });
      expect(res.status, res.text).toBe(201);
    } finally {
      await db
        .update(memberships)
        .set({ role: "Developer" })
        .where(and(eq(memberships.orgId, org.id), eq(memberships.userId, org.members.Developer.userId)));
    }
  });

  it("a person's own endpoints refuse a key", async () => {
    const { key } = await createWorkspaceKeyFor(org, "Owner");
    for (const path of ["/v1/auth/logout-all", "/v1/auth/switch-org"]) {
      expectProblem(
        await call("POST", path, { token: key, json: { org_id: org.id } }),
        401,
        "unauthenticated",
      );
    }
    // A second factor and sessions belong to a person; a key has neither (issue 46).
    for (const [method, path] of [
      ["POST", "/v1/workspace/me/totp"],
      ["POST", "/v1/workspace/me/totp/confirm"],
      ["DELETE", "/v1/workspace/me/totp"],
      ["GET", "/v1/workspace/me/sessions"],
      ["DELETE", "/v1/workspace/me/sessions/ses_x"],
    ] as const) {
      expectProblem(
        await call(method, path, { token: key, ...(method === "GET" ? {} : { json: { code: "123456" } }) }),
        401,
        "unauthenticated",
      );
    }
  });

  it("refuses malformed, unknown and mismatched keys with one answer", async () => {
    const { id } = await createWorkspaceKeyFor(org, "Viewer");
    const good = "A".repeat(43);
    for (const token of [
      "svc_wk_",
      "svc_wk_nothing",
      `svc_${id}.short`,
      `svc_${id}.${good}`,
      `svc_wk_${"z".repeat(22)}.${good}`,
    ]) {
      const res = expectProblem(await call("GET", "/v1/workspace/me", { token }), 401, "unauthenticated");
      expect(res.detail).toBe("The workspace API key is invalid, revoked or expired.");
    }
  });

  it("a project key on the workspace API is told what to use instead", async () => {
    const res = expectProblem(
      await call("GET", "/v1/workspace/me", { token: `svc_pk_key_abc.svc_live_${"a".repeat(40)}` }),
      401,
      "unauthenticated",
    );
    expect(res.detail).toContain("svc_wk_");
  });
});

describe("a key scoped to one project", () => {
  let scoped: string;
  let otherProject: string;
  let roomIn: string;
  let roomOut: string;
  let webhookOut: string;
  beforeAll(async () => {
    const db = await getDb();
    otherProject = newId("project");
    await db.insert(projects).values({
      id: otherProject,
      orgId: org.id,
      name: "Other",
      slug: `other-${otherProject.slice(-8).toLowerCase()}`,
    });
    scoped = (await createWorkspaceKeyFor(org, "Admin", { projectId: org.projectId })).key;
    const mk = async (projectId: string) => {
      const res = await call("POST", "/v1/workspace/rooms", {
        token: owner(),
        json: { project_id: projectId },
      });
      if (res.status !== 201) throw new Error(res.text);
      return String(res.body.id);
    };
    roomIn = await mk(org.projectId);
    roomOut = await mk(otherProject);
    const wh = await call("POST", "/v1/workspace/webhooks", {
      token: owner(),
      json: { url: "https://example.com/hook", events: ["recording.ready"], project_id: otherProject },
    });
    if (wh.status !== 201) throw new Error(wh.text);
    webhookOut = String(wh.body.id);
  });

  it("lists only its project's projects, rooms and webhooks", async () => {
    const list = await call<{ items: Array<{ id: string; project_id?: string }> }>(
      "GET",
      "/v1/workspace/projects",
      {
        token: scoped,
      },
    );
    expect(list.body.items.map((p) => p.id)).toEqual([org.projectId]);
    const roomList = await call<{ items: Array<{ id: string; project_id: string }> }>(
      "GET",
      "/v1/workspace/rooms",
      {
        token: scoped,
      },
    );
    expect(roomList.status, roomList.text).toBe(200);
    expect(roomList.body.items.map((r) => r.id)).toContain(roomIn);
    expect(roomList.body.items.every((r) => r.project_id === org.projectId)).toBe(true);
    const hooks = await call<{ items: Array<{ id: string }> }>("GET", "/v1/workspace/webhooks", {
      token: scoped,
    });
    expect(hooks.body.items.map((w) => w.id)).not.toContain(webhookOut);
  });

  it("sees its own project's resources", async () => {
    expect((await call("GET", `/v1/workspace/projects/${org.projectId}`, { token: scoped })).status).toBe(
      200,
    );
    expect((await call("GET", `/v1/workspace/rooms/${roomIn}`, { token: scoped })).status).toBe(200);
    const created = await call("POST", "/v1/workspace/rooms", {
      token: scoped,
      json: { project_id: org.projectId },
    });
    expect(created.status, created.text).toBe(201);
  });

  it("answers 404 for everything in another project", async () => {
    const db = await getDb();
    const [room] = await db.select().from(rooms).where(eq(rooms.id, roomOut));
    for (const [method, path, json] of [
      ["GET", `/v1/workspace/projects/${otherProject}`],
      ["PATCH", `/v1/workspace/projects/${otherProject}`, { name: "mine now" }],
      ["GET", `/v1/workspace/projects/${otherProject}/api-keys`],
      ["GET", `/v1/workspace/rooms/${roomOut}`],
      ["GET", `/v1/workspace/rooms/${room?.shortCode ?? ""}`],
      ["POST", `/v1/workspace/rooms/${roomOut}/end`],
      ["GET", `/v1/workspace/rooms/${roomOut}/timeline`],
      ["GET", `/v1/workspace/webhooks/${webhookOut}`],
      ["DELETE", `/v1/workspace/webhooks/${webhookOut}`],
      ["GET", `/v1/workspace/recordings/rec_${"x".repeat(22)}`],
      ["POST", "/v1/workspace/rooms", { project_id: otherProject }],
      [
        "POST",
        "/v1/workspace/webhooks",
        { url: "https://example.com/h2", events: ["recording.ready"], project_id: otherProject },
      ],
      ["POST", "/v1/workspace/meet/invitations", { room_id: roomOut, recipients: ["a@example.com"] }],
    ] as const) {
      const res = await call(method, path, { token: scoped, json });
      expectProblem(res, 404, "not_found");
    }
    expectProblem(
      await call("GET", "/v1/workspace/rooms", { token: scoped, query: { project_id: otherProject } }),
      404,
      "not_found",
    );
    // Nothing changed behind the 404s.
    const [still] = await db.select().from(rooms).where(eq(rooms.id, roomOut));
    expect(still?.state).toBe(room?.state);
  });

  it("answers 403 insufficient_scope for organisation-level endpoints", async () => {
    for (const [method, path, json] of [
      ["GET", "/v1/workspace/members"],
      ["GET", "/v1/workspace/audit-log"],
      ["GET", "/v1/workspace/keys"],
      ["POST", "/v1/workspace/keys", { name: "x", role: "Viewer" }],
      ["POST", "/v1/workspace/projects", { name: "new" }],
      ["GET", "/v1/workspace/webhooks/listen"],
      ["POST", "/v1/workspace/webhooks", { url: "https://example.com/org-wide", events: ["room.created"] }],
    ] as const) {
      expectProblem(await call(method, path, { token: scoped, json }), 403, "insufficient_scope");
    }
  });

  it("goes when its project is deleted", async () => {
    const db = await getDb();
    const doomed = newId("project");
    await db.insert(projects).values({
      id: doomed,
      orgId: org.id,
      name: "Doomed",
      slug: `doomed-${doomed.slice(-8).toLowerCase()}`,
    });
    const k = await createWorkspaceKeyFor(org, "Viewer", { projectId: doomed });
    await db.delete(projects).where(eq(projects.id, doomed));
    expect(await keyRow(k.id)).toBeUndefined();
    expectProblem(await call("GET", "/v1/workspace/me", { token: k.key }), 401, "unauthenticated");
  });
});
