import { eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { sessions } from "@/db/schema";
import { getDb } from "@/lib/db";
import type { Identity } from "@/lib/identity/identity-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { loginToken, sessionToken } from "./helpers/teams";

const me = (token: string) => call<Identity>("GET", "/v1/workspace/me", { token });
const meByCookie = (token: string) =>
  call<Identity>("GET", "/v1/workspace/me", { headers: { cookie: `svc_session=${token}` } });

describe("server-side sessions", () => {
  it("logout ends the session: the token is refused afterwards as a Bearer and as a cookie", async () => {
    const org = await createOrg();
    const token = await loginToken(org.members.Developer.email, FIXTURE_PASSWORD);
    expect((await me(token)).status).toBe(200);
    const out = await call("POST", "/v1/auth/logout", { headers: { cookie: `svc_session=${token}` } });
    expect(out.status).toBe(204);
    expect(out.headers.get("set-cookie")).toContain("Max-Age=0");
    expectProblem(await me(token), 401, "unauthenticated");
    expectProblem(await meByCookie(token), 401, "unauthenticated");
    // The member's other sessions are untouched.
    expect((await me(org.members.Developer.token)).status).toBe(200);
  });

  it("logout with a Bearer token ends that session too; logging out twice or without a session is 204", async () => {
    const org = await createOrg();
    const token = await loginToken(org.members.Viewer.email, FIXTURE_PASSWORD);
    expect((await call("POST", "/v1/auth/logout", { token })).status).toBe(204);
    expectProblem(await meByCookie(token), 401, "unauthenticated");
    expect((await call("POST", "/v1/auth/logout", { token })).status).toBe(204);
    expect((await call("POST", "/v1/auth/logout")).status).toBe(204);
    expect((await call("POST", "/v1/auth/logout", { token: "garbage" })).status).toBe(204);
  });

  it("logout refuses a cross-site cookie request and leaves the session alive", async () => {
    const org = await createOrg();
    const token = await loginToken(org.members.Viewer.email, FIXTURE_PASSWORD);
    expectProblem(
      await call("POST", "/v1/auth/logout", {
        headers: { cookie: `svc_session=${token}`, origin: "https://evil.example" },
      }),
      403,
      "csrf_failed",
    );
    expect((await me(token)).status).toBe(200);
  });

  it("logout-all ends every session of the user, and only theirs", async () => {
    const org = await createOrg();
    const a = await loginToken(org.members.Member.email, FIXTURE_PASSWORD);
    const b = await loginToken(org.members.Member.email, FIXTURE_PASSWORD);
    const res = await call("POST", "/v1/auth/logout-all", { token: a });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toContain("Max-Age=0");
    for (const t of [a, b, org.members.Member.token]) expectProblem(await me(t), 401, "unauthenticated");
    expect((await me(org.members.Owner.token)).status).toBe(200);
    expectProblem(await call("POST", "/v1/auth/logout-all"), 401, "unauthenticated");
    expectProblem(await call("POST", "/v1/auth/logout-all", { token: a }), 401, "unauthenticated");
  });

  it("refuses a well-formed token whose session row is gone or expired", async () => {
    const org = await createOrg();
    const db = await getDb();
    const token = await loginToken(org.members.Billing.email, FIXTURE_PASSWORD);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, org.members.Billing.userId));
    expectProblem(await me(token), 401, "unauthenticated");
  });

  it("renewing a cookie moves the session row's expiry forward", async () => {
    const org = await createOrg();
    const db = await getDb();
    await loginToken(org.members.Admin.email, FIXTURE_PASSWORD);
    const soon = new Date(Date.now() + 60_000);
    await db.update(sessions).set({ expiresAt: soon }).where(eq(sessions.userId, org.members.Admin.userId));
    // A token older than a day is renewed: forge an old iat through the session module's clock.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 25 * 3600 * 1000);
    const aged = await loginToken(org.members.Admin.email, FIXTURE_PASSWORD);
    vi.useRealTimers();
    const res = await meByCookie(aged);
    expect(res.status).toBe(200);
    expect(sessionToken(res)).not.toBe(aged);
    const rows = await db.select().from(sessions).where(eq(sessions.userId, org.members.Admin.userId));
    expect(rows.some((r) => r.expiresAt.getTime() > Date.now() + 6 * 24 * 3600 * 1000)).toBe(true);
  });
});

describe("POST /v1/auth/password", () => {
  it("changes the password, keeps this session and ends the others", async () => {
    const org = await createOrg();
    const email = org.members.Developer.email;
    const mine = await loginToken(email, FIXTURE_PASSWORD);
    const other = await loginToken(email, FIXTURE_PASSWORD);
    const res = await call("POST", "/v1/auth/password", {
      token: mine,
      json: { current_password: FIXTURE_PASSWORD, new_password: "a-brand-new-password" },
    });
    expect(res.status, res.text).toBe(204);
    expect((await me(mine)).status).toBe(200);
    expectProblem(await me(other), 401, "unauthenticated");
    expectProblem(await me(org.members.Developer.token), 401, "unauthenticated");
    expectProblem(
      await call("POST", "/v1/auth/login", { json: { email, password: FIXTURE_PASSWORD } }),
      401,
      "invalid_credentials",
    );
    expect((await loginToken(email, "a-brand-new-password")).length).toBeGreaterThan(40);
  });

  it("refuses a wrong current password (422 on current_password) and bad new passwords", async () => {
    const org = await createOrg();
    const token = org.members.Viewer.token;
    const wrong = expectProblem(
      await call("POST", "/v1/auth/password", {
        token,
        json: { current_password: "not-it-at-all", new_password: "another-password" },
      }),
      422,
      "validation_failed",
    );
    expect(JSON.stringify(wrong.errors)).toContain("current_password");
    for (const new_password of ["short", "x".repeat(257), 42, null]) {
      expectProblem(
        await call("POST", "/v1/auth/password", {
          token,
          json: { current_password: FIXTURE_PASSWORD, new_password },
        }),
        422,
        "validation_failed",
      );
    }
    expectProblem(
      await call("POST", "/v1/auth/password", {
        token,
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
    expectProblem(
      await call("POST", "/v1/auth/password", {
        json: { current_password: "x", new_password: "y".repeat(12) },
      }),
      401,
      "unauthenticated",
    );
    // 10 and 256 characters are both fine.
    for (const pw of ["p".repeat(10), "q".repeat(256)]) {
      const current = pw === "p".repeat(10) ? FIXTURE_PASSWORD : "p".repeat(10);
      const ok = await call("POST", "/v1/auth/password", {
        token,
        json: { current_password: current, new_password: pw },
      });
      expect(ok.status, ok.text).toBe(204);
    }
  });
});

describe("org switcher", () => {
  it("lists the caller's orgs and moves the session to another one; /me names it", async () => {
    const a = await createOrg({ name: "Alpha" });
    const b = await createOrg({ name: "Beta" });
    const { memberships } = await import("@/db/schema");
    const db = await getDb();
    await db.insert(memberships).values({ orgId: b.id, userId: a.members.Developer.userId, role: "Viewer" });
    const token = await loginToken(a.members.Developer.email, FIXTURE_PASSWORD);
    const orgs = await call<{ items: { id: string; name: string; role: string; current: boolean }[] }>(
      "GET",
      "/v1/workspace/me/orgs",
      { token },
    );
    expect(orgs.body.items).toEqual([
      { id: a.id, name: "Alpha", role: "Developer", current: true },
      { id: b.id, name: "Beta", role: "Viewer", current: false },
    ]);
    const switched = await call<Identity>("POST", "/v1/auth/switch-org", { token, json: { org_id: b.id } });
    expect(switched.status, switched.text).toBe(200);
    expect(switched.body.org).toEqual({ id: b.id, name: "Beta", role: "Viewer" });
    expect(sessionToken(switched)).toBeTruthy();
    // The same (Bearer) token now acts in Beta: the session row carries the org.
    expect((await me(token)).body.org.id).toBe(b.id);
    expectProblem(
      await call("POST", "/v1/workspace/projects", { token, json: { name: "Nope" } }),
      403,
      "forbidden_workspace_role",
    );
    // Another member's org, or nonsense: 404 / 422, and the session stays where it was.
    expectProblem(
      await call("POST", "/v1/auth/switch-org", { token, json: { org_id: (await createOrg()).id } }),
      404,
      "not_found",
    );
    expectProblem(
      await call("POST", "/v1/auth/switch-org", { token, json: { org_id: 7 } }),
      422,
      "validation_failed",
    );
    expect((await me(token)).body.org.id).toBe(b.id);
  });
});
