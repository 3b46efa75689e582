import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import { auditEntrySchema } from "@/lib/audit/audit-schema";
import { authOptions } from "@/lib/auth/next-auth";
import { getDb } from "@/lib/db";
import { peerStamp } from "@/lib/http/client-ip";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD, type TestOrg } from "./helpers/fixtures";
import { HOOK_URL } from "./helpers/hardening-world";
import { createProjectKey } from "./helpers/webhook-fixtures";

interface Entry {
  id: string;
  action: string;
  actor: { type: string; id: string; label: string | null };
  target: { type: string; id: string } | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
  metadata: Record<string, unknown>;
  created_at: string;
}
interface Page {
  items: Entry[];
  next_cursor: string | null;
}

let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  org = await createOrg({ name: "Audited" });
  other = await createOrg({ name: "Elsewhere" });
});

// The socket peer is what counts: a client's own X-Forwarded-For is not believed without trusted proxies.
const from = {
  [peerStamp("198.51.100.7").name]: peerStamp("198.51.100.7").value,
  "x-forwarded-for": "203.0.113.66",
  "user-agent": "audit-test/1.0",
};

async function entries(
  query: Record<string, string> = {},
  token = org.members.Owner.token,
): Promise<Entry[]> {
  const res = await call<Page>("GET", "/v1/workspace/audit-log", {
    token,
    query: { limit: "200", ...query },
  });
  expect(res.status).toBe(200);
  for (const item of res.body.items) expect(auditEntrySchema.safeParse(item).success).toBe(true);
  return res.body.items;
}

describe("audit trail", () => {
  it("records keys minted, rotated and revoked: who, what, when and from where, never the secret", async () => {
    const dev = org.members.Developer;
    const path = `/v1/workspace/projects/${org.projectId}/api-keys`;
    const startedAt = Date.now();
    const minted = await call<{ id: string; secret: string }>("POST", path, {
      token: dev.token,
      json: { name: "CI key", scope: "rooms:write" },
      headers: { ...from, "x-request-id": "req-audit-1" },
    });
    expect(minted.status).toBe(201);
    const rotated = await call<{ secret: string }>("POST", `${path}/${minted.body.id}/rotate`, {
      token: dev.token,
      headers: from,
    });
    expect(rotated.status).toBe(200);
    expect(
      (await call("DELETE", `${path}/${minted.body.id}`, { token: dev.token, headers: from })).status,
    ).toBe(204);

    const mine = (await entries()).filter((e) => e.target?.id === minted.body.id);
    expect(mine.map((e) => e.action)).toEqual(["api_key.revoked", "api_key.rotated", "api_key.created"]);
    const created = mine[2] as Entry;
    expect(created).toMatchObject({
      actor: { type: "user", id: dev.userId, label: dev.email },
      target: { type: "api_key", id: minted.body.id },
      ip: "198.51.100.7",
      user_agent: "audit-test/1.0",
      request_id: "req-audit-1",
      metadata: { name: "CI key", scope: "rooms:write", project_id: org.projectId },
    });
    // Stamped while the request ran (bracketed by the test's clock, not timed).
    expect(new Date(created.created_at).getTime()).toBeGreaterThanOrEqual(startedAt);
    expect(new Date(created.created_at).getTime()).toBeLessThanOrEqual(Date.now());
    const stored = JSON.stringify(await (await getDb()).select().from(auditLog));
    expect(stored).not.toContain(minted.body.secret);
    expect(stored).not.toContain(rotated.body.secret);
  });

  it("records nothing for a change that did not happen", async () => {
    const before = (await entries()).length;
    expectProblem(
      await call("DELETE", `/v1/workspace/projects/${org.projectId}/api-keys/key_missing`, {
        token: org.members.Owner.token,
      }),
      404,
      "not_found",
    );
    expectProblem(
      await call("POST", `/v1/workspace/projects/${other.projectId}/api-keys`, {
        token: org.members.Owner.token,
        json: { name: "x" },
      }),
      404,
      "not_found",
    );
    expect((await entries()).length).toBe(before);
  });

  it("records webhooks created, changed, secret rotated and deleted, by users and by project keys", async () => {
    const token = org.members.Admin.token;
    const created = await call<{ id: string; signing_secret: string }>("POST", "/v1/workspace/webhooks", {
      token,
      json: { url: HOOK_URL, events: ["room.created"] },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    expect(
      (await call("PATCH", `/v1/workspace/webhooks/${id}`, { token, json: { active: false } })).status,
    ).toBe(200);
    const rotated = await call<{ signing_secret: string }>(
      "POST",
      `/v1/workspace/webhooks/${id}/rotate-secret`,
      { token },
    );
    expect(rotated.status).toBe(200);
    expect((await call("DELETE", `/v1/workspace/webhooks/${id}`, { token })).status).toBe(204);

    const key = await createProjectKey(org, "webhooks:write");
    const byKey = await call<{ id: string }>("POST", "/v1/webhooks/endpoints", {
      token: key,
      json: { url: HOOK_URL, events: ["qos.alert"] },
    });
    expect(byKey.status).toBe(201);

    const all = await entries();
    expect(all.filter((e) => e.target?.id === id).map((e) => e.action)).toEqual([
      "webhook.deleted",
      "webhook.secret_rotated",
      "webhook.updated",
      "webhook.created",
    ]);
    const changed = all.find((e) => e.action === "webhook.updated" && e.target?.id === id);
    expect(changed?.metadata).toMatchObject({ changed: ["active"], active: false });
    const keyEntry = all.find((e) => e.target?.id === byKey.body.id);
    expect(keyEntry).toMatchObject({
      action: "webhook.created",
      actor: { type: "api_key", id: key.slice("svc_pk_".length).split(".")[0] },
      metadata: { url: HOOK_URL, events: ["qos.alert"], project_id: org.projectId },
    });
    const stored = JSON.stringify(all);
    expect(stored).not.toContain(created.body.signing_secret);
    expect(stored).not.toContain(rotated.body.signing_secret);
  });

  it("records plan selections and sign-ins through the API and the console", async () => {
    expect(
      (await call("POST", "/v1/workspace/plan", { token: org.members.Billing.token, json: { plan: "pro" } }))
        .status,
    ).toBe(200);
    const viewer = org.members.Viewer;
    const login = await call("POST", "/v1/auth/login", {
      json: { email: viewer.email, password: FIXTURE_PASSWORD },
      headers: from,
    });
    expect(login.status).toBe(200);
    // The console signs in through next-auth's credentials provider.
    const provider = authOptions().providers[0] as unknown as {
      options: {
        authorize: (c: Record<string, string>, r: { headers: Record<string, string> }) => Promise<unknown>;
      };
    };
    const user = await provider.options.authorize(
      { email: org.members.Member.email, password: FIXTURE_PASSWORD },
      {
        headers: {
          [peerStamp("203.0.113.50").name]: peerStamp("203.0.113.50").value,
          "x-forwarded-for": "198.51.100.99",
          "user-agent": "browser",
        },
      },
    );
    expect(user).toMatchObject({ id: org.members.Member.userId });
    // A failed sign-in is not an entry.
    expect(
      (await call("POST", "/v1/auth/login", { json: { email: viewer.email, password: "wrong" } })).status,
    ).toBe(401);

    const all = await entries();
    expect(all.find((e) => e.action === "plan.selected")).toMatchObject({
      actor: { id: org.members.Billing.userId },
      target: { type: "org", id: org.id },
      metadata: { plan: "pro" },
    });
    const signIns = all.filter((e) => e.action === "auth.signed_in");
    expect(signIns).toHaveLength(2);
    expect(signIns.find((e) => e.actor.id === viewer.userId)).toMatchObject({
      ip: "198.51.100.7",
      metadata: { via: "api" },
    });
    expect(signIns.find((e) => e.actor.id === org.members.Member.userId)).toMatchObject({
      ip: "203.0.113.50",
      user_agent: "browser",
      metadata: { via: "console" },
    });
    expect(JSON.stringify(all)).not.toContain(FIXTURE_PASSWORD);
  });

  it("is append-only: the database refuses UPDATE and DELETE", async () => {
    const db = await getDb();
    const [row] = await db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    const id = row?.id ?? "";
    await expect(
      db
        .update(auditLog)
        .set({ action: sql`${"forged"}` })
        .where(eq(auditLog.id, id)),
    ).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.id, id))).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    const [again] = await db.select().from(auditLog).where(eq(auditLog.id, id));
    expect(again?.action).toBe(row?.action);
  });
});

describe("GET /v1/workspace/audit-log", () => {
  it("is for Owners and Admins only", async () => {
    for (const role of ["Owner", "Admin"] as const) {
      expect((await call("GET", "/v1/workspace/audit-log", { token: org.members[role].token })).status).toBe(
        200,
      );
    }
    for (const role of ["Developer", "Member", "Billing", "Viewer"] as const) {
      expectProblem(
        await call("GET", "/v1/workspace/audit-log", { token: org.members[role].token }),
        403,
        "forbidden_workspace_role",
      );
    }
    expectProblem(await call("GET", "/v1/workspace/audit-log"), 401, "unauthenticated");
  });

  it("shows only the caller's org, newest first, in keyset pages, filterable by action", async () => {
    expect(await entries({}, other.members.Owner.token)).toEqual([]);
    const all = await entries();
    expect(all.length).toBeGreaterThan(5);
    const sorted = [...all].sort((a, b) =>
      a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.id < b.id ? 1 : -1,
    );
    expect(all.map((e) => e.id)).toEqual(sorted.map((e) => e.id));
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call<Page>("GET", "/v1/workspace/audit-log", {
        token: org.members.Owner.token,
        query: { limit: 2, cursor },
      });
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((e) => e.id));
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(all.map((e) => e.id));
    const revoked = await entries({ action: "api_key.revoked" });
    expect(revoked.length).toBeGreaterThan(0);
    expect(revoked.every((e) => e.action === "api_key.revoked")).toBe(true);
    expectProblem(
      await call("GET", "/v1/workspace/audit-log", {
        token: org.members.Owner.token,
        query: { action: "nope" },
      }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("GET", "/v1/workspace/audit-log", {
        token: org.members.Owner.token,
        query: { cursor: "!!" },
      }),
      422,
      "validation_failed",
    );
  });
});
