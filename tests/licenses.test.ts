import { and, eq } from "drizzle-orm";
import { createLocalJWKSet, decodeProtectedHeader, type JSONWebKeySet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, licenses } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * Issue 48 item 1: in cloud mode Owners and Billing members issue, list and revoke self-hosted
 * licences; the key is signed by the service, verifiable offline with the public key published
 * beside the JWKS; revoked licences are on the signed revocation list. Bad input included.
 */

type Json = Record<string, unknown>;
let org: TestOrg;
let other: TestOrg;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const body = (extra: Json = {}) => ({
  name: "Frankfurt install",
  expires_at: inDays(365),
  limits: { seats: 50, concurrent_participants: 200 },
  ...extra,
});
const as = (role: keyof TestOrg["members"], o: TestOrg = org) => ({ token: o.members[role].token });

async function issue(role: "Owner" | "Billing" = "Owner", extra: Json = {}, o: TestOrg = org) {
  const res = await call<Json & { id: string; key: string }>("POST", "/v1/workspace/licenses", {
    ...as(role, o),
    json: body(extra),
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function publicKeys(): Promise<JSONWebKeySet> {
  const res = await call<JSONWebKeySet>("GET", "/.well-known/license-keys.json");
  expect(res.status, res.text).toBe(200);
  return res.body;
}

beforeAll(async () => {
  overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
  org = await createOrg({ name: "Licensee GmbH" });
  other = await createOrg({ name: "Other Org" });
});
afterAll(() => overrideEnvForTests({}));

describe("issuing (cloud mode)", () => {
  it("the Owner issues a licence whose key verifies offline with jose against the published public key", async () => {
    const issued = await issue("Owner");
    expect(issued).toMatchObject({
      org_id: org.id,
      name: "Frankfurt install",
      state: "active",
      limits: { seats: 50, concurrent_participants: 200 },
      revoked_at: null,
    });
    expect(issued.id).toMatch(/^lic_/);
    expect(issued.key).toMatch(/^svc_lic_ey/);
    const jwt = issued.key.slice("svc_lic_".length);
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg: "EdDSA", typ: "svc-license+jwt", kid: issued.kid });
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(await publicKeys()), {
      audience: "svc-self-host",
    });
    expect(payload).toMatchObject({
      sub: org.id,
      jti: issued.id,
      org_name: "Licensee GmbH",
      name: "Frankfurt install",
      limits: { seats: 50, concurrent_participants: 200 },
      iss: "http://localhost:3000",
    });
    expect(new Date((payload.exp ?? 0) * 1000).toISOString()).toBe(issued.expires_at);
    const res = await call<JSONWebKeySet>("GET", "/.well-known/license-keys.json");
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=86400\b/);
    // The published keys carry no private part.
    for (const k of res.body.keys) expect(k).not.toHaveProperty("d");
  });

  it("Billing issues too; the key is shown once: neither the list nor the licence shows it again", async () => {
    const issued = await issue("Billing", { name: undefined });
    expect(issued.name).toBe("Self-hosted licence");
    const list = await call<{ items: Json[] }>("GET", "/v1/workspace/licenses", as("Billing"));
    expect(list.status).toBe(200);
    expect(list.body.items[0]?.id).toBe(issued.id);
    expect(list.text).not.toContain("svc_lic_");
    const one = await call<Json>("GET", `/v1/workspace/licenses/${issued.id}`, as("Owner"));
    expect(one.status).toBe(200);
    expect(one.body).not.toHaveProperty("key");
    // Nothing stored can re-make it: the row holds no key.
    const [row] = await (await getDb()).select().from(licenses).where(eq(licenses.id, issued.id));
    expect(JSON.stringify(row)).not.toContain(issued.key.slice(8, 40));
  });

  it("lists newest first, keyset-paginated, the org's own licences only", async () => {
    await issue("Owner", {}, other);
    const first = await call<{ items: Json[]; next_cursor: string | null }>("GET", "/v1/workspace/licenses", {
      ...as("Owner"),
      query: { limit: 1 },
    });
    expect(first.body.items).toHaveLength(1);
    expect(first.body.next_cursor).toBeTruthy();
    const second = await call<{ items: Json[] }>("GET", "/v1/workspace/licenses", {
      ...as("Owner"),
      query: { limit: 200, cursor: first.body.next_cursor ?? "" },
    });
    const all = [...first.body.items, ...second.body.items];
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(all.every((l) => l.org_id === org.id)).toBe(true);
    const created = all.map((l) => String(l.created_at));
    expect([...created].sort().reverse()).toEqual(created);
    expectProblem(
      await call("GET", "/v1/workspace/licenses", { ...as("Owner"), query: { cursor: "not-a-cursor!" } }),
      422,
      "validation_failed",
    );
  });

  it("issuing and revoking are audited", async () => {
    const issued = await issue("Owner");
    await call("POST", `/v1/workspace/licenses/${issued.id}/revoke`, as("Billing"));
    const rows = await (await getDb())
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.targetId, issued.id)));
    expect(rows.map((r) => r.action).sort()).toEqual(["license.issued", "license.revoked"]);
  });
});

describe("roles", () => {
  const denied = ["Admin", "Developer", "Member", "Viewer"] as const;
  it.each(denied)("%s gets 403 forbidden_workspace_role on every licence call", async (role) => {
    const issued = await issue("Owner");
    expectProblem(await call("GET", "/v1/workspace/licenses", as(role)), 403, "forbidden_workspace_role");
    expectProblem(
      await call("POST", "/v1/workspace/licenses", { ...as(role), json: body() }),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(
      await call("GET", `/v1/workspace/licenses/${issued.id}`, as(role)),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(
      await call("POST", `/v1/workspace/licenses/${issued.id}/revoke`, as(role)),
      403,
      "forbidden_workspace_role",
    );
  });

  it("without a session: 401", async () => {
    expectProblem(await call("GET", "/v1/workspace/licenses"), 401, "unauthenticated");
  });

  it("every role reads the install's licence status; in cloud mode it is not_required", async () => {
    for (const role of ["Owner", "Admin", "Developer", "Member", "Billing", "Viewer"] as const) {
      const res = await call<Json>("GET", "/v1/workspace/license", as(role));
      expect(res.status, res.text).toBe(200);
      expect(res.body).toMatchObject({ deployment_mode: "cloud", status: "not_required", license: null });
    }
  });
});

describe("bad input", () => {
  const invalid: [string, Json, string][] = [
    ["expiry in the past", { expires_at: inDays(-1) }, "expires_at"],
    ["expiry within the hour", { expires_at: new Date(Date.now() + 60_000).toISOString() }, "expires_at"],
    ["expiry beyond three years", { expires_at: inDays(4 * 366) }, "expires_at"],
    ["expiry not a timestamp", { expires_at: "next year" }, "expires_at"],
    ["expiry missing", { expires_at: undefined }, "expires_at"],
    ["no limits", { limits: undefined }, "limits"],
    ["zero seats", { limits: { seats: 0, concurrent_participants: 5 } }, "limits.seats"],
    ["fractional seats", { limits: { seats: 2.5, concurrent_participants: 5 } }, "limits.seats"],
    ["seats as a string", { limits: { seats: "10", concurrent_participants: 5 } }, "limits.seats"],
    ["too many seats", { limits: { seats: 10_000_000, concurrent_participants: 5 } }, "limits.seats"],
    [
      "negative participants",
      { limits: { seats: 5, concurrent_participants: -1 } },
      "limits.concurrent_participants",
    ],
    ["participants missing", { limits: { seats: 5 } }, "limits.concurrent_participants"],
    ["empty name", { name: "  " }, "name"],
    ["long name", { name: "x".repeat(81) }, "name"],
  ];
  it.each(invalid)("%s: 422 validation_failed naming the field", async (_what, extra, path) => {
    const res = await call("POST", "/v1/workspace/licenses", { ...as("Owner"), json: body(extra) });
    const problem = expectProblem(res, 422, "validation_failed");
    expect((problem.errors as { path: string }[]).map((e) => e.path)).toContain(path);
  });

  it("malformed JSON and a wrong content type are 4xx problems, not 500s", async () => {
    expectProblem(
      await call("POST", "/v1/workspace/licenses", {
        ...as("Owner"),
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
    expectProblem(
      await call("POST", "/v1/workspace/licenses", {
        ...as("Owner"),
        body: "x",
        headers: { "content-type": "text/plain" },
      }),
      415,
      "unsupported_media_type",
    );
  });

  it("an unknown licence, or another org's, is 404 (no existence leak)", async () => {
    const theirs = await issue("Owner", {}, other);
    for (const id of ["lic_doesnotexist", theirs.id]) {
      expectProblem(await call("GET", `/v1/workspace/licenses/${id}`, as("Owner")), 404, "not_found");
      expectProblem(await call("POST", `/v1/workspace/licenses/${id}/revoke`, as("Owner")), 404, "not_found");
    }
    const still = await call<Json>("GET", `/v1/workspace/licenses/${theirs.id}`, as("Owner", other));
    expect(still.body.state).toBe("active");
  });
});

describe("revoking and the revocation list", () => {
  async function revocations() {
    const res = await call<{ list: string }>("GET", "/.well-known/license-revocations.json");
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get("cache-control")).toMatch(/^public, max-age=60\b/);
    const { payload, protectedHeader } = await jwtVerify(
      res.body.list,
      createLocalJWKSet(await publicKeys()),
    );
    expect(protectedHeader.typ).toBe("svc-license-revocations+jwt");
    return payload as { revoked: { license_id: string; revoked_at: string }[]; iat: number; exp: number };
  }

  it("revoking puts the licence on the signed list; revoking twice is 409 conflict", async () => {
    const issued = await issue("Owner");
    expect((await revocations()).revoked.map((r) => r.license_id)).not.toContain(issued.id);
    const res = await call<Json>("POST", `/v1/workspace/licenses/${issued.id}/revoke`, as("Billing"));
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: issued.id, state: "revoked" });
    const list = await revocations();
    expect(list.revoked).toContainEqual({ license_id: issued.id, revoked_at: res.body.revoked_at });
    const again = expectProblem(
      await call("POST", `/v1/workspace/licenses/${issued.id}/revoke`, as("Owner")),
      409,
      "conflict",
    );
    expect(again.detail).toContain(String(res.body.revoked_at));
  });

  it("a revoked licence that has expired leaves the list (an expired licence is refused anyway)", async () => {
    const issued = await issue("Owner");
    await call("POST", `/v1/workspace/licenses/${issued.id}/revoke`, as("Owner"));
    await (await getDb())
      .update(licenses)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(licenses.id, issued.id));
    expect((await revocations()).revoked.map((r) => r.license_id)).not.toContain(issued.id);
    const listed = await call<Json>("GET", `/v1/workspace/licenses/${issued.id}`, as("Owner"));
    expect(listed.body.state).toBe("revoked");
  });

  it("two revocations at once: one 200, one 409", async () => {
    const issued = await issue("Owner");
    const answers = await Promise.all([
      call("POST", `/v1/workspace/licenses/${issued.id}/revoke`, as("Owner")),
      call("POST", `/v1/workspace/licenses/${issued.id}/revoke`, as("Billing")),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  });
});

describe("self_host mode issues no licences", () => {
  it("the licence API and the issuer's well-known documents are 404 there", async () => {
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "self_host" });
    try {
      expectProblem(
        await call("POST", "/v1/workspace/licenses", { ...as("Owner"), json: body() }),
        404,
        "not_found",
      );
      expectProblem(await call("GET", "/v1/workspace/licenses", as("Owner")), 404, "not_found");
      expectProblem(await call("GET", "/.well-known/license-keys.json"), 404, "not_found");
      expectProblem(await call("GET", "/.well-known/license-revocations.json"), 404, "not_found");
    } finally {
      overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    }
  });
});
