import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, recoveryCodes, userTotp } from "@/db/schema";
import { TOTP_PERIOD_SEC, totpCodeAt } from "@/lib/auth/two-factor/totp-code";
import { getDb } from "@/lib/db";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD, type TestMember } from "./helpers/fixtures";
import { sessionToken } from "./helpers/teams";

const login = (json: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call("POST", "/v1/auth/login", { json, headers });

/** A code of the step `steps` away from now (a phone whose clock is that far off). */
const codeAt = (secret: string, steps = 0) =>
  totpCodeAt(secret, new Date(Date.now() + steps * TOTP_PERIOD_SEC * 1000));

/**
 * Enrolment spends the current step; a test then signs in with the next one (+1), which stays
 * inside the accepted window even if a step boundary passes meanwhile (a -1 code would not).
 */
async function enrol(m: TestMember): Promise<{ secret: string; recovery: string[] }> {
  const start = await call<{ secret: string; otpauth_url: string }>("POST", "/v1/workspace/me/totp", {
    token: m.token,
  });
  expect(start.status).toBe(201);
  const { secret } = start.body;
  const confirm = await call<{ recovery_codes: string[] }>("POST", "/v1/workspace/me/totp/confirm", {
    token: m.token,
    json: { code: codeAt(secret) },
  });
  expect(confirm.status).toBe(200);
  return { secret, recovery: confirm.body.recovery_codes };
}

async function actions(orgId: string): Promise<string[]> {
  const rows = await (await getDb())
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.orgId, orgId));
  return rows.map((r) => r.action);
}

beforeEach(async () => {
  await clearAllRateLimits();
});

describe("two-factor with TOTP", () => {
  it("enrolment: 201 secret and otpauth URL; the secret is encrypted at rest; sign-in then needs a code", async () => {
    const org = await createOrg();
    const m = org.members.Developer;
    const start = await call<{ secret: string; otpauth_url: string }>("POST", "/v1/workspace/me/totp", {
      token: m.token,
    });
    expect(start.status).toBe(201);
    expect(start.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(start.body.otpauth_url);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(start.body.secret);
    expect(url.searchParams.get("issuer")).toBe("SVC");
    const [row] = await (await getDb()).select().from(userTotp).where(eq(userTotp.userId, m.userId));
    expect(row?.secret).toMatch(/^v1\./);
    expect(row?.secret).not.toContain(start.body.secret);
    // Not in force before confirmation.
    expect((await login({ email: m.email, password: FIXTURE_PASSWORD })).status).toBe(200);

    const confirm = await call<{ recovery_codes: string[] }>("POST", "/v1/workspace/me/totp/confirm", {
      token: m.token,
      json: { code: codeAt(start.body.secret) },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body.recovery_codes).toHaveLength(10);
    expect(new Set(confirm.body.recovery_codes).size).toBe(10);
    for (const c of confirm.body.recovery_codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    // Only hashes are kept.
    const stored = await (await getDb())
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, m.userId));
    expect(stored).toHaveLength(10);
    for (const s of stored) expect(confirm.body.recovery_codes).not.toContain(s.codeHash);

    const res = expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD }),
      401,
      "second_factor_required",
    );
    expect(res.detail).toContain("otp");
    // A wrong password is still just a wrong password (no hint that two-factor is on).
    expectProblem(await login({ email: m.email, password: "nope" }), 401, "invalid_credentials");
    const ok = await login({ email: m.email, password: FIXTURE_PASSWORD, otp: codeAt(start.body.secret, 1) });
    expect(ok.status).toBe(200);
    expect(sessionToken(ok)).toBeTruthy();
    expect(await actions(org.id)).toEqual(
      expect.arrayContaining(["auth.two_factor_enabled", "auth.signed_in"]),
    );
  });

  it("a code is accepted once: the same code again, or an older one, is refused as replayed", async () => {
    const org = await createOrg();
    const m = org.members.Member;
    const { secret } = await enrol(m);
    const code = codeAt(secret, 1);
    expect((await login({ email: m.email, password: FIXTURE_PASSWORD, otp: code })).status).toBe(200);
    expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD, otp: code }),
      401,
      "second_factor_replayed",
    );
    // The enrolment spent this step and the sign-in the next: the older code is refused too.
    expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD, otp: codeAt(secret) }),
      401,
      "second_factor_replayed",
    );
  });

  it("two sign-ins racing with one code: exactly one succeeds", async () => {
    const org = await createOrg();
    const m = org.members.Admin;
    const { secret } = await enrol(m);
    const code = codeAt(secret, 1);
    const both = await Promise.all([
      login({ email: m.email, password: FIXTURE_PASSWORD, otp: code }),
      login({ email: m.email, password: FIXTURE_PASSWORD, otp: code }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);
  });

  it("wrong, expired and malformed codes get clear errors", async () => {
    const org = await createOrg();
    const m = org.members.Viewer;
    const { secret } = await enrol(m);
    const wrong = codeAt(secret) === "000000" ? "111111" : "000000";
    const w = expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD, otp: wrong }),
      401,
      "invalid_second_factor",
    );
    expect(w.detail).toMatch(/wrong/);
    const e = expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD, otp: codeAt(secret, -6) }),
      401,
      "invalid_second_factor",
    );
    expect(e.detail).toMatch(/expired/);
    for (const otp of ["12345", "1234567", "abcdef", 123456]) {
      const bad = expectProblem(
        await login({ email: m.email, password: FIXTURE_PASSWORD, otp }),
        422,
        "validation_failed",
      );
      expect(JSON.stringify(bad.errors)).toContain("otp");
    }
    expectProblem(
      await login({
        email: m.email,
        password: FIXTURE_PASSWORD,
        otp: codeAt(secret),
        recovery_code: "abcde-fghij",
      }),
      422,
      "validation_failed",
    );
    expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD, recovery_code: "short" }),
      422,
      "validation_failed",
    );
    // A code never unlocks a wrong password.
    expectProblem(
      await login({ email: m.email, password: "nope", otp: codeAt(secret, 1) }),
      401,
      "invalid_credentials",
    );
  });

  it("a recovery code signs in once and never again; it is audited", async () => {
    const org = await createOrg();
    const m = org.members.Billing;
    const { recovery } = await enrol(m);
    const code = recovery[3] as string;
    // Case, spaces and a missing hyphen are forgiven.
    const typed = `${code.replace("-", " ").toUpperCase()}`;
    const ok = await login({ email: m.email, password: FIXTURE_PASSWORD, recovery_code: typed });
    expect(ok.status).toBe(200);
    expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD, recovery_code: code }),
      401,
      "invalid_second_factor",
    );
    expect(
      (await login({ email: m.email, password: FIXTURE_PASSWORD, recovery_code: recovery[4] })).status,
    ).toBe(200);
    expect((await actions(org.id)).filter((a) => a === "auth.recovery_code_used")).toHaveLength(2);
  });

  it("wrong codes count against the sign-in budget of the account and address", async () => {
    const org = await createOrg();
    const m = org.members.Developer;
    const { secret } = await enrol(m);
    const wrong = (i: number) => String((Number(codeAt(secret)) + 1 + i) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 10; i++) {
      expectProblem(
        await login({ email: m.email, password: FIXTURE_PASSWORD, otp: wrong(i) }),
        401,
        "invalid_second_factor",
      );
    }
    // The pair's 10 failures are spent: even the right code waits.
    expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD, otp: codeAt(secret, 1) }),
      429,
      "rate_limited",
    );
    // Eleven sign-ins, each running the password KDF: slow on a busy machine.
  }, 120_000);

  it("remember this device: the cookie skips the second factor for that user only, until two-factor is turned off", async () => {
    const org = await createOrg();
    const m = org.members.Owner;
    const other = org.members.Admin;
    const { secret, recovery } = await enrol(m);
    await enrol(other);
    const first = await login({
      email: m.email,
      password: FIXTURE_PASSWORD,
      otp: codeAt(secret, 1),
      remember_device: true,
    });
    expect(first.status).toBe(200);
    const cookies = first.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("svc_session="))).toBe(true);
    const device = cookies.find((c) => c.startsWith("svc_device="));
    expect(device).toMatch(/HttpOnly; Secure; SameSite=Lax; Max-Age=2592000/);
    const cookie = (device as string).split(";")[0] as string;
    expect((await login({ email: m.email, password: FIXTURE_PASSWORD }, { cookie })).status).toBe(200);
    // Never the password, never another user.
    expectProblem(await login({ email: m.email, password: "nope" }, { cookie }), 401, "invalid_credentials");
    expectProblem(
      await login({ email: other.email, password: FIXTURE_PASSWORD }, { cookie }),
      401,
      "second_factor_required",
    );
    expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD }, { cookie: "svc_device=dev_forged" }),
      401,
      "second_factor_required",
    );
    // Without a code, remember_device remembers nothing.
    const again = await login(
      { email: m.email, password: FIXTURE_PASSWORD, remember_device: true },
      { cookie },
    );
    expect(again.headers.getSetCookie().some((c) => c.startsWith("svc_device="))).toBe(false);

    const token = sessionToken(first);
    expect(
      (await call("DELETE", "/v1/workspace/me/totp", { token, json: { code: recovery[0] } })).status,
    ).toBe(204);
    expect(await actions(org.id)).toContain("auth.two_factor_disabled");
    // Off: no code needed; on again: the old device cookie no longer counts.
    expect((await login({ email: m.email, password: FIXTURE_PASSWORD })).status).toBe(200);
    await enrol({ ...m, token });
    expectProblem(
      await login({ email: m.email, password: FIXTURE_PASSWORD }, { cookie }),
      401,
      "second_factor_required",
    );
  });

  it("turning off needs a valid code: wrong 422, malformed 422, a recovery code works; off twice is 409", async () => {
    const org = await createOrg();
    const m = org.members.Member;
    const { recovery } = await enrol(m);
    expectProblem(
      await call("DELETE", "/v1/workspace/me/totp", { token: m.token, json: { code: "000000" } }),
      422,
      "invalid_code",
    );
    expectProblem(
      await call("DELETE", "/v1/workspace/me/totp", { token: m.token, json: { code: "zzzzz-zzzzz" } }),
      422,
      "invalid_code",
    );
    expectProblem(
      await call("DELETE", "/v1/workspace/me/totp", { token: m.token, json: { code: "12" } }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("DELETE", "/v1/workspace/me/totp", { token: m.token, json: {} }),
      422,
      "validation_failed",
    );
    expect(
      (await call("DELETE", "/v1/workspace/me/totp", { token: m.token, json: { code: recovery[0] } })).status,
    ).toBe(204);
    expectProblem(
      await call("DELETE", "/v1/workspace/me/totp", { token: m.token, json: { code: "123456" } }),
      409,
      "conflict",
    );
    expect(
      await (await getDb()).select().from(recoveryCodes).where(eq(recoveryCodes.userId, m.userId)),
    ).toHaveLength(0);
  });

  it("enrolment errors: confirm without start 409, wrong code 422, start while on 409; wrong codes are budgeted", async () => {
    const org = await createOrg();
    const m = org.members.Viewer;
    expectProblem(
      await call("POST", "/v1/workspace/me/totp/confirm", { token: m.token, json: { code: "123456" } }),
      409,
      "conflict",
    );
    const start = await call<{ secret: string }>("POST", "/v1/workspace/me/totp", { token: m.token });
    expectProblem(
      await call("POST", "/v1/workspace/me/totp/confirm", { token: m.token, json: { code: "abcde-fghij" } }),
      422,
      "validation_failed",
    );
    for (let i = 0; i < 10; i++) {
      const wrong = String((Number(codeAt(start.body.secret)) + 7 + i) % 1_000_000).padStart(6, "0");
      expectProblem(
        await call("POST", "/v1/workspace/me/totp/confirm", { token: m.token, json: { code: wrong } }),
        422,
        "invalid_code",
      );
    }
    expectProblem(
      await call("POST", "/v1/workspace/me/totp/confirm", {
        token: m.token,
        json: { code: codeAt(start.body.secret) },
      }),
      429,
      "rate_limited",
    );
    await clearAllRateLimits();
    expect(
      (
        await call("POST", "/v1/workspace/me/totp/confirm", {
          token: m.token,
          json: { code: codeAt(start.body.secret) },
        })
      ).status,
    ).toBe(200);
    expectProblem(await call("POST", "/v1/workspace/me/totp", { token: m.token }), 409, "conflict");
    expectProblem(await call("POST", "/v1/workspace/me/totp"), 401, "unauthenticated");
  });
});
