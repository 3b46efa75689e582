import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { memberships } from "@/db/schema";
import { loginLimits } from "@/lib/auth/login";
import { signInKeys } from "@/lib/auth/sign-in-keys";
import { getDb } from "@/lib/db";
import type { Identity } from "@/lib/identity/identity-schema";
import { startSession } from "@/lib/sessions/start-session";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg({ name: "Auth Org" });
});
afterEach(async () => {
  await loginLimits.perEmail.clearAll();
  await loginLimits.perIp.clearAll();
  await loginLimits.perAccount.clearAll();
  vi.useRealTimers();
});

function login(email: string, password: string, headers: Record<string, string> = {}) {
  return call<Identity>("POST", "/v1/auth/login", { json: { email, password }, headers });
}

describe("POST /v1/auth/login", () => {
  it("returns the identity and sets the session cookie with the decided attributes", async () => {
    const res = await login(org.members.Developer.email, FIXTURE_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      user_id: org.members.Developer.userId,
      email: org.members.Developer.email,
      display_name: "Developer Person",
      org: { id: org.id, name: "Auth Org", role: "Developer" },
      plan_selected: true,
      deployment_mode: "self_host",
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^svc_session=[^;]{40,};/);
    for (const attr of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/", `Max-Age=${7 * 24 * 3600}`]) {
      expect(cookie).toContain(attr);
    }
    const token = /^svc_session=([^;]+)/.exec(cookie)?.[1] ?? "";
    const viaCookie = await call<Identity>("GET", "/v1/workspace/me", {
      headers: { cookie: `svc_session=${token}` },
    });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body.org.role).toBe("Developer");
    const viaBearer = await call<Identity>("GET", "/v1/workspace/me", { token });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.user_id).toBe(org.members.Developer.userId);
  });

  it("matches the email case-insensitively and ignores surrounding spaces", async () => {
    const res = await login(`  ${org.members.Owner.email.toUpperCase()} `, FIXTURE_PASSWORD);
    expect(res.status).toBe(200);
  });

  it("answers the same 401 for a wrong password and for an unknown address", async () => {
    const wrong = expectProblem(
      await login(org.members.Owner.email, "wrong-password"),
      401,
      "invalid_credentials",
    );
    const unknown = expectProblem(await login("nobody@example.test", "whatever"), 401, "invalid_credentials");
    expect(wrong.detail).toBe(unknown.detail);
  });

  it("validates the body", async () => {
    expectProblem(
      await call("POST", "/v1/auth/login", { json: { email: org.members.Owner.email } }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("POST", "/v1/auth/login", { json: { email: 42, password: "x" } }),
      422,
      "validation_failed",
    );
    expectProblem(await call("POST", "/v1/auth/login", { json: ["a"] }), 422, "validation_failed");
    expectProblem(
      await call("POST", "/v1/auth/login", {
        body: "{nope",
        headers: { "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
    expectProblem(
      await call("POST", "/v1/auth/login", {
        body: "email=a",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      }),
      415,
      "unsupported_media_type",
    );
  });

  it("throttles repeated failures per address with 429 and Retry-After, even for the right password", async () => {
    const email = org.members.Billing.email;
    for (let i = 0; i < 10; i++) expectProblem(await login(email, `bad-${i}`), 401, "invalid_credentials");
    const limited = await login(email, FIXTURE_PASSWORD);
    expectProblem(limited, 429, "rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another address from the same client is unaffected.
    expect((await login(org.members.Viewer.email, FIXTURE_PASSWORD)).status).toBe(200);
  });

  it("spends the failure budget before the password: 60 parallel guesses get at most 10 checks", async () => {
    const email = org.members.Member.email;
    const answers = await Promise.all(Array.from({ length: 60 }, (_, i) => login(email, `guess-${i}`)));
    const checked = answers.filter((r) => r.status === 401);
    const refused = answers.filter((r) => r.status === 429);
    for (const r of checked) expectProblem(r, 401, "invalid_credentials");
    for (const r of refused) expectProblem(r, 429, "rate_limited");
    expect(checked).toHaveLength(loginLimits.perEmail.policy.points);
    expect(refused).toHaveLength(60 - loginLimits.perEmail.policy.points);
    // The right password is refused too until the window passes.
    expectProblem(await login(email, FIXTURE_PASSWORD), 429, "rate_limited");
  });

  it("a success gives the spent point back: failures never pile up across good sign-ins", async () => {
    const email = org.members.Admin.email;
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 9; i++) expectProblem(await login(email, `bad-${i}`), 401, "invalid_credentials");
      expect((await login(email, FIXTURE_PASSWORD)).status).toBe(200);
    }
    // Thirty sign-ins in a row, each running the KDF: slow on a busy machine.
  }, 120_000);

  it("throttles attempts per client IP, keyed by the socket peer, not by a client's X-Forwarded-For", async () => {
    for (let i = 0; i < 100; i++) await loginLimits.perIp.consume(signInKeys.ip("203.0.113.9"));
    const from9 = (xff?: string) =>
      call<Identity>("POST", "/v1/auth/login", {
        json: { email: org.members.Owner.email, password: FIXTURE_PASSWORD },
        peer: "203.0.113.9",
        headers: xff ? { "x-forwarded-for": xff } : {},
      });
    expectProblem(await from9(), 429, "rate_limited");
    // Changing the forwarded header no longer resets the limit.
    for (const xff of ["198.51.100.1", "10.9.8.7, 203.0.113.10", "garbage"]) {
      expectProblem(await from9(xff), 429, "rate_limited");
    }
    const other = await call("POST", "/v1/auth/login", {
      json: { email: org.members.Owner.email, password: FIXTURE_PASSWORD },
      peer: "203.0.113.10",
    });
    expect(other.status).toBe(200);
  });
});

describe("sessions", () => {
  it("401 unauthenticated without a session, with garbage, or with an API key as the Bearer", async () => {
    expectProblem(await call("GET", "/v1/workspace/me"), 401, "unauthenticated");
    expectProblem(await call("GET", "/v1/workspace/me", { token: "not-a-jwt" }), 401, "unauthenticated");
    expectProblem(await call("GET", "/v1/workspace/me", { token: "a.b.c.d.e" }), 401, "unauthenticated");
    expectProblem(
      await call("GET", "/v1/workspace/me", { token: `svc_live_${"a".repeat(40)}` }),
      401,
      "unauthenticated",
    );
    expectProblem(
      await call("GET", "/v1/workspace/me", { headers: { cookie: "svc_session=zzz" } }),
      401,
      "unauthenticated",
    );
    expectProblem(
      await call("GET", "/v1/workspace/me", { headers: { authorization: "Basic abc" } }),
      401,
      "unauthenticated",
    );
  });

  it("rejects a token whose signature or encryption was tampered with", async () => {
    const token = org.members.Owner.token;
    const parts = token.split(".");
    // One character of the ciphertext changed, mid-string: the last characters of base64url may
    // carry padding bits only (a change there can decode to the same bytes), and may already be "A".
    const c = parts[3] ?? "";
    const at = Math.floor(c.length / 2);
    parts[3] = c.slice(0, at) + (c[at] === "A" ? "B" : "A") + c.slice(at + 1);
    expectProblem(await call("GET", "/v1/workspace/me", { token: parts.join(".") }), 401, "unauthenticated");
  });

  it("rejects an expired session (older than 7 days)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 8 * 24 * 3600 * 1000);
    const { token: old } = await startSession(await getDb(), {
      userId: org.members.Owner.userId,
      orgId: org.id,
      email: "x",
      displayName: "x",
    });
    vi.useRealTimers();
    expectProblem(await call("GET", "/v1/workspace/me", { token: old }), 401, "unauthenticated");
  });

  it("renews a cookie session older than 24 hours, and not a fresh one or a Bearer one", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 25 * 3600 * 1000);
    const { token: aged } = await startSession(await getDb(), {
      userId: org.members.Member.userId,
      orgId: org.id,
      email: "x",
      displayName: "x",
    });
    vi.useRealTimers();
    const renewed = await call("GET", "/v1/workspace/me", { headers: { cookie: `svc_session=${aged}` } });
    expect(renewed.status).toBe(200);
    const cookie = renewed.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^svc_session=/);
    expect(cookie).not.toContain(aged);
    const bearer = await call("GET", "/v1/workspace/me", { token: aged });
    expect(bearer.headers.get("set-cookie")).toBeNull();
    const fresh = await call("GET", "/v1/workspace/me", {
      headers: { cookie: `svc_session=${org.members.Member.token}` },
    });
    expect(fresh.headers.get("set-cookie")).toBeNull();
  });

  it("stops accepting a session once its membership is gone, and applies role changes at once", async () => {
    const other = await createOrg();
    const db = await getDb();
    await db
      .update(memberships)
      .set({ role: "Viewer" })
      .where(eq(memberships.userId, other.members.Admin.userId));
    const me = await call<Identity>("GET", "/v1/workspace/me", { token: other.members.Admin.token });
    expect(me.body.org.role).toBe("Viewer");
    await db.delete(memberships).where(eq(memberships.userId, other.members.Admin.userId));
    expectProblem(
      await call("GET", "/v1/workspace/me", { token: other.members.Admin.token }),
      401,
      "unauthenticated",
    );
  });

  it("logout answers 204 and clears the cookie", async () => {
    const res = await call("POST", "/v1/auth/logout", {
      headers: { cookie: `svc_session=${org.members.Owner.token}` },
    });
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expect(res.headers.get("set-cookie")).toMatch(/^svc_session=;.*Max-Age=0/);
  });
});
