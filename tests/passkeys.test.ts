import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, orgs, passkeys, webauthnChallenges } from "@/db/schema";
import { getDb } from "@/lib/db";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { call, expectProblem } from "./helpers/app";
import { createOrg, createWorkspaceKeyFor, FIXTURE_PASSWORD, type TestMember } from "./helpers/fixtures";
import { SoftAuthenticator } from "./helpers/soft-authenticator";

type Options = {
  options: {
    challenge: string;
    user: { id: string };
    rp: { id: string };
    excludeCredentials?: { id: string }[];
  };
};
type PasskeyRow = { id: string; name: string; last_used_at: string | null; backed_up: boolean };

async function registrationOptions(m: TestMember) {
  const res = await call<Options>("POST", "/v1/workspace/me/passkeys/options", { token: m.token });
  expect(res.status).toBe(201);
  return res.body.options;
}

async function addPasskey(
  m: TestMember,
  name?: string,
): Promise<{ key: SoftAuthenticator; row: PasskeyRow }> {
  const key = new SoftAuthenticator();
  const options = await registrationOptions(m);
  const res = await call<PasskeyRow>("POST", "/v1/workspace/me/passkeys", {
    token: m.token,
    json: { name, response: key.register(options) },
  });
  expect(res.status).toBe(201);
  return { key, row: res.body };
}

async function signInOptions() {
  const res = await call<Options>("POST", "/v1/auth/passkey/options");
  expect(res.status).toBe(200);
  return res.body.options;
}

async function actions(orgId: string): Promise<string[]> {
  const rows = await (await getDb())
    .select({ action: auditLog.action, metadata: auditLog.metadata })
    .from(auditLog)
    .where(eq(auditLog.orgId, orgId));
  return rows.map((r) => r.action);
}

beforeEach(async () => {
  await clearAllRateLimits();
});

describe("passkeys: registration and management", () => {
  it("registers several, lists them (no credential material), renames and removes one; each change audited", async () => {
    const org = await createOrg();
    const m = org.members.Developer;
    const options = await registrationOptions(m);
    // The RP is the public URL's host, the user handle our id; user verification and a discoverable key.
    expect(options.rp.id).toBe("localhost");
    expect(Buffer.from(options.user.id, "base64url").toString()).toBe(m.userId);
    const first = new SoftAuthenticator();
    const made = await call<PasskeyRow>("POST", "/v1/workspace/me/passkeys", {
      token: m.token,
      json: { name: "Laptop", response: first.register(options) },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ name: "Laptop", last_used_at: null });
    expect(made.body.id).toMatch(/^pky_/);
    const second = await addPasskey(m);
    expect(second.row.name).toMatch(/^Passkey \d{4}-\d{2}-\d{2}$/);
    // The next options exclude both, so an authenticator is not registered twice.
    const again = await registrationOptions(m);
    expect(again.excludeCredentials?.map((c) => c.id).sort()).toEqual([first.id, second.key.id].sort());

    const list = await call<{ items: PasskeyRow[] }>("GET", "/v1/workspace/me/passkeys", { token: m.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((p) => p.name)).toEqual(["Laptop", second.row.name]);
    expect(list.text).not.toContain(first.id);

    const renamed = await call<PasskeyRow>("PATCH", `/v1/workspace/me/passkeys/${made.body.id}`, {
      token: m.token,
      json: { name: "  Work laptop " },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe("Work laptop");
    expectProblem(
      await call("PATCH", `/v1/workspace/me/passkeys/${made.body.id}`, {
        token: m.token,
        json: { name: "" },
      }),
      422,
      "validation_failed",
    );
    // Another person's passkey is 404, to rename and to remove.
    const other = org.members.Admin;
    expectProblem(
      await call("DELETE", `/v1/workspace/me/passkeys/${made.body.id}`, { token: other.token }),
      404,
      "not_found",
    );
    expect(
      (await call("DELETE", `/v1/workspace/me/passkeys/${made.body.id}`, { token: m.token })).status,
    ).toBe(204);
    const after = await call<{ items: PasskeyRow[] }>("GET", "/v1/workspace/me/passkeys", { token: m.token });
    expect(after.body.items).toHaveLength(1);
    // The removed one signs in no more.
    expectProblem(
      await call("POST", "/v1/auth/passkey", { json: { response: first.assert(await signInOptions()) } }),
      401,
      "invalid_passkey",
    );
    const logged = await actions(org.id);
    expect(logged.filter((a) => a === "auth.passkey_added")).toHaveLength(2);
    expect(logged).toContain("auth.passkey_renamed");
    expect(logged).toContain("auth.passkey_removed");
  });

  it("refuses a registration for another challenge, a replayed one, another origin, and one already registered", async () => {
    const org = await createOrg();
    const m = org.members.Member;
    const key = new SoftAuthenticator();
    const options = await registrationOptions(m);
    const register = (response: unknown) =>
      call("POST", "/v1/workspace/me/passkeys", { token: m.token, json: { response } });
    expectProblem(
      await register(key.register(options, { challenge: Buffer.from("not-ours").toString("base64url") })),
      400,
      "passkey_challenge_invalid",
    );
    // Another person's challenge is not this person's.
    const theirs = await registrationOptions(org.members.Viewer);
    expectProblem(await register(key.register(theirs)), 400, "passkey_challenge_invalid");
    const fresh = await registrationOptions(m);
    expectProblem(
      await register(key.register(fresh, { origin: "https://evil.example" })),
      400,
      "passkey_origin_mismatch",
    );
    // The challenge was spent by that attempt: a second try with it is refused.
    expectProblem(await register(key.register(fresh)), 400, "passkey_challenge_invalid");
    const good = key.register(await registrationOptions(m));
    expect((await register(good)).status).toBe(201);
    expectProblem(await register(good), 400, "passkey_challenge_invalid");
    expectProblem(await register(key.register(await registrationOptions(m))), 409, "conflict");
    // Malformed answers are 422, never 500.
    expectProblem(await register({ id: "x", type: "public-key" }), 422, "validation_failed");
    const garbled = key.register(await registrationOptions(m)) as { response: { attestationObject: string } };
    garbled.response.attestationObject = "AAAA";
    expectProblem(await register(garbled), 422, "passkey_verification_failed");
  });

  it("a workspace API key cannot touch a person's passkeys (401, as on /me/totp)", async () => {
    const org = await createOrg();
    const { key } = await createWorkspaceKeyFor(org, "Owner");
    for (const [method, path] of [
      ["GET", "/v1/workspace/me/passkeys"],
      ["POST", "/v1/workspace/me/passkeys/options"],
      ["DELETE", "/v1/workspace/me/passkeys/pky_x"],
    ] as const) {
      expectProblem(await call(method, path, { token: key }), 401, "unauthenticated");
    }
  });
});

describe("passkeys: signing in", () => {
  it("signs in password-less: 200, the session cookie, audited with via passkey; the counter moves", async () => {
    const org = await createOrg();
    const m = org.members.Owner;
    const { key, row } = await addPasskey(m, "Phone");
    const res = await call<{ email: string }>("POST", "/v1/auth/passkey", {
      json: { response: key.assert(await signInOptions()) },
    });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(m.email);
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/svc_session=[^;]+; Path=\/; HttpOnly; Secure; SameSite=Lax/);
    const token = /svc_session=([^;]+)/.exec(cookie)?.[1] ?? "";
    expect((await call("GET", "/v1/workspace/me", { token })).status).toBe(200);
    const [stored] = await (await getDb()).select().from(passkeys).where(eq(passkeys.id, row.id));
    expect(stored?.counter).toBe(1);
    expect(stored?.lastUsedAt).not.toBeNull();
    const entries = await (await getDb()).select().from(auditLog).where(eq(auditLog.orgId, org.id));
    const signIn = entries.find((e) => e.action === "auth.signed_in");
    expect(signIn?.metadata).toMatchObject({ via: "passkey", second_factor: "passkey" });
  });

  it("refuses another challenge, a replay, another origin, a counter gone backwards, a bad signature and an unknown passkey", async () => {
    const org = await createOrg();
    const m = org.members.Developer;
    const { key } = await addPasskey(m);
    const signIn = (response: unknown) => call("POST", "/v1/auth/passkey", { json: { response } });
    const options = await signInOptions();
    expectProblem(
      await signIn(key.assert(options, { challenge: Buffer.from("made-up").toString("base64url") })),
      400,
      "passkey_challenge_invalid",
    );
    const answer = key.assert(options);
    expect((await signIn(answer)).status).toBe(200);
    expectProblem(await signIn(answer), 400, "passkey_challenge_invalid");
    // A registration challenge is not a sign-in challenge.
    const reg = await registrationOptions(m);
    expectProblem(await signIn(key.assert({ challenge: reg.challenge })), 400, "passkey_challenge_invalid");
    expectProblem(
      await signIn(key.assert(await signInOptions(), { origin: "http://localhost:3001" })),
      400,
      "passkey_origin_mismatch",
    );
    // The counter stands at 1: an answer counting 1 again (a clone) is refused.
    expectProblem(
      await signIn(key.assert(await signInOptions(), { counter: 1 })),
      401,
      "passkey_counter_regressed",
    );
    expectProblem(
      await signIn(key.assert(await signInOptions(), { badSignature: true })),
      401,
      "invalid_passkey",
    );
    const stranger = new SoftAuthenticator();
    expectProblem(await signIn(stranger.assert(await signInOptions())), 401, "invalid_passkey");
    // Expired challenges are refused too.
    const old = await signInOptions();
    await (await getDb())
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.challenge, old.challenge));
    expectProblem(await signIn(key.assert(old)), 400, "passkey_challenge_invalid");
    expectProblem(await signIn({ id: "abc" }), 422, "validation_failed");
  });

  it("a passkey is a second factor: password sign-in then asks for it, and accepts only the person's own", async () => {
    const org = await createOrg();
    const m = org.members.Billing;
    const { key } = await addPasskey(m);
    const login = (json: Record<string, unknown>) => call("POST", "/v1/auth/login", { json });
    const asked = await login({ email: m.email, password: FIXTURE_PASSWORD });
    expectProblem(asked, 401, "second_factor_required");
    expect((asked.body as { detail: string }).detail).toContain("passkey");
    // Someone else's passkey is not this person's second factor.
    const other = await addPasskey(org.members.Viewer);
    expectProblem(
      await login({
        email: m.email,
        password: FIXTURE_PASSWORD,
        passkey: other.key.assert(await signInOptions()),
      }),
      401,
      "invalid_passkey",
    );
    const ok = await login({
      email: m.email,
      password: FIXTURE_PASSWORD,
      passkey: key.assert(await signInOptions()),
    });
    expect(ok.status).toBe(200);
    // A wrong password with a good passkey is still a wrong password.
    expectProblem(
      await login({ email: m.email, password: "nope", passkey: key.assert(await signInOptions()) }),
      401,
      "invalid_credentials",
    );
    expectProblem(
      await login({
        email: m.email,
        password: FIXTURE_PASSWORD,
        otp: "123456",
        passkey: key.assert(await signInOptions()),
      }),
      422,
      "validation_failed",
    );
  });

  it("an org that requires two-factor lets a member with a passkey work", async () => {
    const org = await createOrg();
    await (await getDb()).update(orgs).set({ requireTwoFactor: true }).where(eq(orgs.id, org.id));
    const m = org.members.Member;
    expectProblem(
      await call("GET", "/v1/workspace/projects", { token: m.token }),
      403,
      "two_factor_enrolment_required",
    );
    // Enrolling with a passkey is allowed while gated, and ends the gate.
    await addPasskey(m);
    expect((await call("GET", "/v1/workspace/projects", { token: m.token })).status).toBe(200);
  });
});
