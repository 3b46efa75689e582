import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, memberships, orgSso, users } from "@/db/schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { startSession } from "@/lib/sessions/start-session";
import { discover, verifyIdToken } from "@/lib/sso/oidc-client";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD, type TestOrg } from "./helpers/fixtures";
import { authorizationUrlFor, type RunningProvider, startOidcProvider } from "./helpers/oidc-provider";
import { SoftAuthenticator } from "./helpers/soft-authenticator";

const REDIRECT = "http://localhost:3000/v1/auth/sso/callback";
const SECRET = "client-secret-of-the-acme-app-0123456789";
let idp: RunningProvider;
/** Accounts at the provider, by account id; tests add theirs. */
const accounts: Record<string, { email: string; email_verified?: boolean; name?: string }> = {};

beforeAll(async () => {
  idp = await startOidcProvider(
    [
      { client_id: "svc-app", client_secret: SECRET, redirect_uris: [REDIRECT] },
      { client_id: "other-app", client_secret: "other-secret-0123456789", redirect_uris: [REDIRECT] },
    ],
    accounts,
  );
});
afterAll(async () => {
  await idp.close();
});
beforeEach(async () => {
  await clearAllRateLimits();
});

const domainOf = () => `acme-${randomBytes(4).toString("hex")}.test`;

async function configure(org: TestOrg, domain: string, extra: Record<string, unknown> = {}) {
  return call<Record<string, unknown>>("PUT", "/v1/workspace/security/sso", {
    token: org.members.Owner.token,
    json: {
      issuer: idp.issuer,
      client_id: "svc-app",
      client_secret: SECRET,
      domains: [domain],
      default_role: "Developer",
      ...extra,
    },
  });
}

/** A person of `domain` in `org` with a password, and their session token. */
async function person(org: TestOrg, email: string, role: "Owner" | "Member") {
  const db = await getDb();
  const { hashPassword } = await import("@/lib/auth/password");
  const userId = newId("user");
  await db
    .insert(users)
    .values({ id: userId, email, displayName: email, passwordHash: await hashPassword(FIXTURE_PASSWORD) });
  await db.insert(memberships).values({ orgId: org.id, userId, role });
  return {
    userId,
    token: (await startSession(db, { userId, orgId: org.id, email, displayName: email })).token,
  };
}

/** Starts at our API, signs in at the provider as `accountId`, answers the callback request's parts. */
async function throughProvider(email: string, accountId: string) {
  const start = await call<{ authorization_url: string }>("POST", "/v1/auth/sso/start", { json: { email } });
  expect(start.status).toBe(200);
  const cookie = /svc_sso=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")?.[1] ?? "";
  expect(start.headers.get("set-cookie")).toMatch(
    /svc_sso=[^;]+; Path=\/v1\/auth\/sso; HttpOnly; Secure; SameSite=Lax/,
  );
  const back = await idp.signIn(start.body.authorization_url, accountId);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  return { cookie, query: Object.fromEntries(back.searchParams) };
}

const callback = (query: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
  call("GET", "/v1/auth/sso/callback", {
    query,
    headers: { ...headers, ...(cookie ? { cookie: `svc_sso=${cookie}` } : {}) },
  });

describe("SSO settings", () => {
  it("an Owner configures issuer, client, secret (encrypted at rest), domains and default role; others may not; audited", async () => {
    const org = await createOrg();
    const domain = domainOf();
    const res = await configure(org, domain.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      issuer: idp.issuer,
      client_id: "svc-app",
      client_secret_set: true,
      domains: [domain],
      default_role: "Developer",
      require_sso: false,
      redirect_uri: REDIRECT,
    });
    expect(res.text).not.toContain(SECRET);
    const [row] = await (await getDb()).select().from(orgSso).where(eq(orgSso.orgId, org.id));
    expect(row?.clientSecret).toMatch(/^v1\./);
    expect(row?.clientSecret).not.toContain(SECRET);
    // Saving again without the secret keeps it.
    const kept = await call("PUT", "/v1/workspace/security/sso", {
      token: org.members.Owner.token,
      json: { issuer: idp.issuer, client_id: "svc-app", domains: [domain] },
    });
    expect(kept.status).toBe(200);
    const [again] = await (await getDb()).select().from(orgSso).where(eq(orgSso.orgId, org.id));
    expect(again?.clientSecret).toBe(row?.clientSecret);
    expect((await call("GET", "/v1/workspace/security/sso", { token: org.members.Owner.token })).status).toBe(
      200,
    );
    for (const role of ["Admin", "Developer", "Viewer"] as const) {
      expectProblem(
        await call("GET", "/v1/workspace/security/sso", { token: org.members[role].token }),
        403,
        "forbidden_workspace_role",
      );
    }
    const entries = await (await getDb())
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.orgId, org.id), eq(auditLog.action, "org.sso_configured")));
    expect(entries).toHaveLength(2);
    expect(JSON.stringify(entries)).not.toContain(SECRET);
  });

  it("a domain claimed by another org is 409; a provider that cannot be discovered is 422; bad input 422", async () => {
    const first = await createOrg();
    const second = await createOrg();
    const domain = domainOf();
    expect((await configure(first, domain)).status).toBe(200);
    expectProblem(await configure(second, domain), 409, "domain_taken");
    // Nothing of the refused configuration stays.
    expectProblem(
      await call("GET", "/v1/workspace/security/sso", { token: second.members.Owner.token }),
      404,
      "not_found",
    );
    expectProblem(
      await configure(second, domainOf(), { issuer: "http://127.0.0.1:9/nothing" }),
      422,
      "sso_provider_unreachable",
    );
    // A discovery document naming another issuer is refused (Discovery §4.3).
    expectProblem(
      await configure(second, domainOf(), { issuer: `${idp.issuer}/` }),
      422,
      "sso_provider_unreachable",
    );
    expectProblem(await configure(second, "*.example.com"), 422, "validation_failed");
    expectProblem(await configure(second, domainOf(), { default_role: "King" }), 422, "validation_failed");
    expectProblem(
      await call("PUT", "/v1/workspace/security/sso", {
        token: second.members.Owner.token,
        json: { issuer: idp.issuer, client_id: "svc-app", domains: [domainOf()] },
      }),
      422,
      "validation_failed",
    );
    // Removing frees the domain.
    expect(
      (await call("DELETE", "/v1/workspace/security/sso", { token: first.members.Owner.token })).status,
    ).toBe(204);
    expect((await configure(second, domain)).status).toBe(200);
  });
});

describe("SSO sign-in against a real OpenID provider", () => {
  it("a first sign-in creates the member with the default role; the next one signs the same member in; audited", async () => {
    const org = await createOrg();
    const domain = domainOf();
    await configure(org, domain);
    const email = `ada@${domain}`;
    accounts.ada = { email, name: "Ada Lovelace" };
    const { cookie, query } = await throughProvider(email, "ada");
    const res = await callback(query, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/");
    const token = /svc_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1] ?? "";
    const me = await call<{ email: string; display_name: string; org: { id: string; role: string } }>(
      "GET",
      "/v1/workspace/me",
      { token },
    );
    expect(me.body).toMatchObject({
      email,
      display_name: "Ada Lovelace",
      org: { id: org.id, role: "Developer" },
    });
    // The state was spent: the same callback again is refused.
    expectProblem(await callback(query, cookie), 400, "sso_state_mismatch");
    const second = await throughProvider(email, "ada");
    expect((await callback(second.query, second.cookie)).status).toBe(303);
    const entries = await (await getDb()).select().from(auditLog).where(eq(auditLog.orgId, org.id));
    expect(entries.filter((e) => e.action === "member.joined")).toHaveLength(1);
    expect(entries.find((e) => e.action === "member.joined")?.metadata).toMatchObject({
      via: "sso",
      role: "Developer",
    });
    expect(
      entries.filter((e) => e.action === "auth.signed_in" && (e.metadata as { via?: string }).via === "sso"),
    ).toHaveLength(2);
  });

  it("refuses a state that does not match this browser's, and sends a browser back to sign-in with the code", async () => {
    const org = await createOrg();
    const domain = domainOf();
    await configure(org, domain);
    accounts.bob = { email: `bob@${domain}` };
    const { cookie, query } = await throughProvider(`bob@${domain}`, "bob");
    expectProblem(await callback(query), 400, "sso_state_mismatch");
    expectProblem(await callback(query, "another-browsers-state"), 400, "sso_state_mismatch");
    expectProblem(await callback({ ...query, state: "forged" }, "forged"), 400, "sso_state_mismatch");
    const browser = await callback({ ...query, state: "x" }, cookie, { accept: "text/html" });
    expect(browser.status).toBe(303);
    expect(browser.headers.get("location")).toBe("http://localhost:3000/login?sso_error=sso_state_mismatch");
    // The real one still works once.
    expect((await callback(query, cookie)).status).toBe(303);
  });

  it("refuses an email outside the org's domains, an unverified email, and an address no SSO covers", async () => {
    const org = await createOrg();
    const domain = domainOf();
    await configure(org, domain);
    accounts.eve = { email: "eve@elsewhere.test" };
    const outside = await throughProvider(`eve@${domain}`, "eve");
    expectProblem(await callback(outside.query, outside.cookie), 403, "sso_domain_mismatch");
    accounts.unverified = { email: `unverified@${domain}`, email_verified: false };
    const unverified = await throughProvider(`unverified@${domain}`, "unverified");
    expectProblem(await callback(unverified.query, unverified.cookie), 401, "sso_token_invalid");
    expectProblem(
      await call("POST", "/v1/auth/sso/start", { json: { email: `x@${domainOf()}` } }),
      404,
      "sso_not_configured",
    );
    expectProblem(
      await call("POST", "/v1/auth/sso/start", { json: { email: "nope" } }),
      422,
      "validation_failed",
    );
  });

  it("checks the ID token's issuer, audience and nonce (tokens the real provider issued)", async () => {
    const nonce = "n-0123456789";
    accounts.carol = { email: "carol@checks.test" };
    const { url, verifier } = authorizationUrlFor(idp.issuer, "other-app", REDIRECT, nonce);
    const back = await idp.signIn(url, "carol");
    const meta = await discover(idp.issuer);
    const tokenRes = await fetch(meta.token_endpoint, {
      method: "POST",
      headers: {
        authorization: `Basic ${Buffer.from("other-app:other-secret-0123456789").toString("base64")}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code: back.searchParams.get("code") ?? "",
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      }),
    });
    const { id_token } = (await tokenRes.json()) as { id_token: string };
    // Good for its own client, with its nonce.
    await expect(verifyIdToken(meta, "other-app", id_token, nonce)).resolves.toMatchObject({
      email: "carol@checks.test",
    });
    // Another client's token (wrong audience), another issuer, another nonce: each refused.
    await expect(verifyIdToken(meta, "svc-app", id_token, nonce)).rejects.toMatchObject({
      code: "sso_token_invalid",
      detail: expect.stringContaining("aud"),
    });
    await expect(
      verifyIdToken({ ...meta, issuer: "https://idp.elsewhere.test" }, "other-app", id_token, nonce),
    ).rejects.toMatchObject({ code: "sso_token_invalid", detail: expect.stringContaining("iss") });
    await expect(verifyIdToken(meta, "other-app", id_token, "another-nonce")).rejects.toMatchObject({
      code: "sso_token_invalid",
      detail: expect.stringContaining("nonce"),
    });
    await expect(
      verifyIdToken(meta, "other-app", `${id_token.slice(0, -4)}AAAA`, nonce),
    ).rejects.toMatchObject({ code: "sso_token_invalid" });
  });

  it("a code issued to another client is refused at the exchange", async () => {
    const org = await createOrg();
    const domain = domainOf();
    await configure(org, domain);
    accounts.dan = { email: `dan@${domain}` };
    const start = await call<{ authorization_url: string }>("POST", "/v1/auth/sso/start", {
      json: { email: `dan@${domain}` },
    });
    const cookie = /svc_sso=([^;]+)/.exec(start.headers.get("set-cookie") ?? "")?.[1] ?? "";
    const swapped = new URL(start.body.authorization_url);
    swapped.searchParams.set("client_id", "other-app");
    const back = await idp.signIn(swapped.toString(), "dan");
    expectProblem(await callback(Object.fromEntries(back.searchParams), cookie), 401, "sso_token_invalid");
  });
});

describe("require SSO", () => {
  it("password and passkey sign-in for the domain answer sso_required; the org's Owners keep theirs; removing SSO lifts it", async () => {
    const org = await createOrg();
    const domain = domainOf();
    expect((await configure(org, domain, { require_sso: true })).status).toBe(200);
    const mel = await person(org, `mel@${domain}`, "Member");
    const key = new SoftAuthenticator();
    const options = await call<{ options: { challenge: string; user: { id: string } } }>(
      "POST",
      "/v1/workspace/me/passkeys/options",
      { token: mel.token },
    );
    expect(
      (
        await call("POST", "/v1/workspace/me/passkeys", {
          token: mel.token,
          json: { response: key.register(options.body.options) },
        })
      ).status,
    ).toBe(201);
    const passkeySignIn = async () => {
      const o = await call<{ options: { challenge: string } }>("POST", "/v1/auth/passkey/options");
      return call("POST", "/v1/auth/passkey", { json: { response: key.assert(o.body.options) } });
    };
    expectProblem(await passkeySignIn(), 403, "sso_required");
    await person(org, `olga@${domain}`, "Owner");
    const login = (email: string, password = FIXTURE_PASSWORD) =>
      call("POST", "/v1/auth/login", { json: { email, password } });
    const refused = await login(`mel@${domain}`);
    expectProblem(refused, 403, "sso_required");
    expect((refused.body as { detail: string }).detail).toContain("/v1/auth/sso/start");
    // The answer does not depend on the password, nor on whether the person exists.
    expectProblem(await login(`mel@${domain}`, "wrong"), 403, "sso_required");
    expectProblem(await login(`nobody@${domain}`), 403, "sso_required");
    expect((await login(`olga@${domain}`)).status).toBe(200);
    expectProblem(await login(`olga@${domain}`, "wrong"), 401, "invalid_credentials");
    // Other domains are untouched.
    expect((await login(org.members.Viewer.email)).status).toBe(200);
    expect(
      (await call("DELETE", "/v1/workspace/security/sso", { token: org.members.Owner.token })).status,
    ).toBe(204);
    expectProblem(await login(`mel@${domain}`), 401, "second_factor_required");
    expect((await passkeySignIn()).status).toBe(200);
  });
});
