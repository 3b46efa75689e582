import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, emails, orgs } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import type { Identity } from "@/lib/identity/identity-schema";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { linkToken, loginToken, sessionToken, waitForEmail } from "./helpers/teams";

let n = 0;
const address = () => `signup${++n}.${Date.now()}@example.test`;
const signup = (json: unknown, headers: Record<string, string> = {}) =>
  call("POST", "/v1/auth/signup", { json, headers });
const verify = (token: unknown) => call<Identity>("POST", "/v1/auth/verify-email", { json: { token } });
const reset = (email: unknown, headers: Record<string, string> = {}) =>
  call("POST", "/v1/auth/password-reset", { json: { email }, headers });
const confirm = (json: unknown) => call("POST", "/v1/auth/password-reset/confirm", { json });
const body = (email: string) => ({
  email,
  password: "a-long-password",
  display_name: "Neo",
  org_name: "Neo Corp",
});

beforeAll(() => overrideEnvForTests({ SVC_SIGNUP: "open" }));
afterAll(() => overrideEnvForTests({}));
afterEach(() => clearAllRateLimits());

describe("sign-up", () => {
  it("answers 202 and emails a 24-hour link; verifying creates the user and org (Owner) and signs in", async () => {
    const email = address();
    const res = await signup(body(email.toUpperCase()));
    expect(res.status, res.text).toBe(202);
    expect(res.body).toEqual({ status: "verification_sent" });
    const mail = await waitForEmail(email);
    expect(mail).toMatchObject({ kind: "account", orgId: null });
    const token = linkToken(mail.text, "verify-email");
    expect(mail.text).toContain(`http://localhost:3000/verify-email/${token}`);
    const [row] = await (await getDb()).select().from(accountTokens).where(eq(accountTokens.email, email));
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 24 * 3600 * 1000);
    expect(JSON.stringify(row)).not.toContain("a-long-password");
    const ok = await verify(token);
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body).toMatchObject({ email, display_name: "Neo", org: { name: "Neo Corp", role: "Owner" } });
    expect((await call<Identity>("GET", "/v1/workspace/me", { token: sessionToken(ok) })).body.email).toBe(
      email,
    );
    expectProblem(await verify(token), 410, "link_expired");
    expect((await loginToken(email, "a-long-password")).length).toBeGreaterThan(40);
  });

  it("signing in before confirming says so, only to whoever knows the password (decision 1351)", async () => {
    const email = address();
    const login = (password: string) =>
      call("POST", "/v1/auth/login", { json: { email, password }, peer: "192.0.2.77" });
    expect((await signup(body(email))).status).toBe(202);
    const mail = await waitForEmail(email);
    // The right password: a distinct code and words that say what to do, not "wrong password".
    const early = expectProblem(await login("a-long-password"), 403, "email_not_confirmed");
    expect(String(early.detail)).toMatch(/confirm your email/i);
    expect(String(early.detail)).not.toMatch(/wrong/i);
    expect((await login("a-long-password")).headers.get("set-cookie") ?? "").not.toContain("svc_session");
    // A wrong one: exactly what an address nobody signed up with answers.
    const wrong = expectProblem(await login("not-the-password"), 401, "invalid_credentials");
    const nobody = expectProblem(
      await call("POST", "/v1/auth/login", {
        json: { email: address(), password: "a-long-password" },
        peer: "192.0.2.78",
      }),
      401,
      "invalid_credentials",
    );
    expect(wrong.detail).toBe(nobody.detail);
    // Confirmed, the same password signs in.
    expect((await verify(linkToken(mail.text, "verify-email"))).status).toBe(200);
    expect((await loginToken(email, "a-long-password")).length).toBeGreaterThan(40);
  });

  it("in cloud mode the new org has no plan yet", async () => {
    overrideEnvForTests({ SVC_SIGNUP: "open", SVC_DEPLOYMENT_MODE: "cloud", SVC_MEDIA_INGEST_SECRET: "x" });
    try {
      const email = address();
      expect((await signup(body(email))).status).toBe(202);
      const ok = await verify(linkToken((await waitForEmail(email)).text, "verify-email"));
      expect(ok.body.plan_selected).toBe(false);
      const [org] = await (await getDb()).select().from(orgs).where(eq(orgs.id, ok.body.org.id));
      expect(org?.planSelected).toBe(false);
    } finally {
      overrideEnvForTests({ SVC_SIGNUP: "open" });
    }
  });

  it("an address with an account gets an email saying so, and the answer is the same 202", async () => {
    const org = await createOrg();
    const email = org.members.Viewer.email;
    const res = await signup(body(email));
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: "verification_sent" });
    const mail = await waitForEmail(email);
    expect(mail.subject).toContain("already have");
    expect(mail.text).not.toContain("/verify-email/");
  });

  it("unknown token 404, expired 410, bad input 422", async () => {
    expectProblem(await verify("nope"), 404, "not_found");
    expectProblem(await verify(""), 422, "validation_failed");
    expectProblem(await verify(7), 422, "validation_failed");
    const email = address();
    await signup(body(email));
    const token = linkToken((await waitForEmail(email)).text, "verify-email");
    await (await getDb())
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.email, email));
    expectProblem(await verify(token), 410, "link_expired");
    for (const json of [
      { ...body(address()), password: "short" },
      { ...body(address()), password: "p".repeat(257) },
      { ...body(address()), email: "nope" },
      { ...body(address()), org_name: "" },
      { ...body(address()), display_name: undefined },
      {},
    ]) {
      expectProblem(await signup(json), 422, "validation_failed");
    }
  });

  it("is rate-limited per address and per IP", async () => {
    const email = address();
    for (let i = 0; i < 5; i++) expect((await signup(body(email))).status).toBe(202);
    const limited = expectProblem(await signup(body(email)), 429, "rate_limited");
    expect(limited.detail).toContain("address");
    await clearAllRateLimits();
    const ip = { "x-forwarded-for": "203.0.113.77" };
    for (let i = 0; i < 20; i++) expect((await signup(body(address()), ip)).status).toBe(202);
    expectProblem(await signup(body(address()), ip), 429, "rate_limited");
  });

  it("is 404 when closed (the self-hosted default)", async () => {
    overrideEnvForTests({});
    try {
      expectProblem(await signup(body(address())), 404, "not_found");
      expectProblem(await verify("whatever"), 404, "not_found");
    } finally {
      overrideEnvForTests({ SVC_SIGNUP: "open" });
    }
  });
});

describe("password reset", () => {
  it("emails a 30-minute single-use link; confirming sets the password and ends every session", async () => {
    const org = await createOrg();
    const email = org.members.Member.email;
    const other = await loginToken(email, FIXTURE_PASSWORD);
    const res = await reset(email.toUpperCase());
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: "reset_sent" });
    const mail = await waitForEmail(email);
    expect(mail).toMatchObject({ kind: "account", orgId: null });
    const token = linkToken(mail.text, "reset-password");
    const [row] = await (await getDb()).select().from(accountTokens).where(eq(accountTokens.email, email));
    expect(row?.expiresAt.getTime()).toBe((row?.createdAt.getTime() ?? 0) + 30 * 60 * 1000);
    const ok = await confirm({ token, password: "reset-to-this-one" });
    expect(ok.status, ok.text).toBe(204);
    for (const t of [other, org.members.Member.token]) {
      expectProblem(await call("GET", "/v1/workspace/me", { token: t }), 401, "unauthenticated");
    }
    expect((await loginToken(email, "reset-to-this-one")).length).toBeGreaterThan(40);
    expectProblem(await confirm({ token, password: "and-again-please" }), 410, "link_expired");
  });

  it("answers the same 202 for an unknown address, which gets no email", async () => {
    const email = address();
    const res = await reset(email);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ status: "reset_sent" });
    // A marker email queued after the reset's background work proves that work ran and sent nothing.
    const org = await createOrg();
    await reset(org.members.Viewer.email);
    await waitForEmail(org.members.Viewer.email);
    const rows = await (await getDb()).select().from(emails).where(eq(emails.to, email));
    expect(rows).toHaveLength(0);
  });

  it("unknown token 404, expired 410, bad input 422, rate limits 429", async () => {
    expectProblem(await confirm({ token: "nope", password: "long-enough-pw" }), 404, "not_found");
    const org = await createOrg();
    await reset(org.members.Billing.email);
    const token = linkToken((await waitForEmail(org.members.Billing.email)).text, "reset-password");
    for (const json of [
      { token, password: "short" },
      { token, password: "x".repeat(257) },
      { token },
      { password: "long-enough-pw" },
    ]) {
      expectProblem(await confirm(json), 422, "validation_failed");
    }
    await (await getDb())
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.email, org.members.Billing.email));
    expectProblem(await confirm({ token, password: "long-enough-pw" }), 410, "link_expired");
    expectProblem(await reset("not-an-address"), 422, "validation_failed");
    const email = address();
    for (let i = 0; i < 5; i++) expect((await reset(email)).status).toBe(202);
    expectProblem(await reset(email), 429, "rate_limited");
  });
});
