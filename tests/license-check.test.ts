import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { licenseBannerText } from "@/app/_lib/license-banner-text";
import { events, licenseState } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests, parseEnv } from "@/lib/env";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { checkLicense, type FetchLike } from "@/lib/licenses/check-license";
import { setCurrentLicenseStatus } from "@/lib/licenses/current-status";
import { verifyLicenseAtStart } from "@/lib/licenses/verify-at-start";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type TestIssuer, testIssuer } from "./helpers/license-issuer";
import { createProjectKey, deliveriesOf } from "./helpers/webhook-fixtures";

/**
 * Issue 48 items 2 and 3 in one process: a self_host install verifies its licence at start and at
 * every check, polls the issuer's signed revocation list with a grace period, measures its limits,
 * sends `license.revoked` once per licence and reason, stops new rooms and room tokens while the
 * licence is invalid (402 license_invalid) and opens them again when the licence file is renewed.
 */

type Json = Record<string, unknown>;
let issuer: TestIssuer;
let org: TestOrg;
let roomKey: string;
let endpointId: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-license-"));
const file = path.join(dir, "license.key");

/** What the issuer answers the next polls: its list, an outage, or an older list (a replay). */
let issuerAnswer: { kind: "list"; revoked: string[]; at?: Date } | { kind: "down" } = {
  kind: "list",
  revoked: [],
};
const fetchIssuer: FetchLike = async (url) => {
  expect(url).toBe("https://issuer.test/.well-known/license-revocations.json");
  if (issuerAnswer.kind === "down") throw new TypeError("fetch failed (connect ECONNREFUSED)");
  const list = await issuer.list(issuerAnswer.revoked, issuerAnswer.at);
  return new Response(JSON.stringify({ list }), { headers: { "content-type": "application/json" } });
};

const selfHost = (extra: Record<string, string> = {}) =>
  overrideEnvForTests({
    SVC_DEPLOYMENT_MODE: "self_host",
    SVC_LICENSE_FILE: file,
    SVC_LICENSE_PUBLIC_KEY: issuer.publicKey,
    SVC_LICENSE_ISSUER_URL: "https://issuer.test",
    SVC_LICENSE_GRACE_HOURS: "1",
    ...extra,
  });

const check = async (now = new Date()) => checkLicense(await getDb(), now, fetchIssuer);
const owner = () => ({ token: org.members.Owner.token });
const createRoom = () =>
  call<Json>("POST", "/v1/workspace/rooms", { ...owner(), json: { project_id: org.projectId } });
const mintToken = (roomId: string) =>
  call("POST", "/v1/auth/tokens/room", {
    headers: { authorization: `Bearer ${roomKey}` },
    json: { roomId, identity: "ada", role: "publisher" },
  });

async function licensed(opts: Parameters<TestIssuer["license"]>[0] = {}) {
  const lic = await issuer.license(opts);
  fs.writeFileSync(file, `${lic.key}\n`);
  return lic;
}

async function licenseEvents() {
  return (await getDb()).select().from(events).where(eq(events.type, "license.revoked"));
}

beforeAll(async () => {
  issuer = await testIssuer();
  org = await createOrg({ name: "Self-hosted Org" });
  roomKey = await createProjectKey(org, "all");
  const hooksKey = await createProjectKey(org, "webhooks:write");
  const hook = await call<{ id: string }>("POST", "/v1/webhooks/endpoints", {
    headers: { authorization: `Bearer ${hooksKey}` },
    json: { url: "https://hooks.example.com/licence", events: ["license.revoked"] },
  });
  expect(hook.status, hook.text).toBe(201);
  endpointId = hook.body.id;
});

beforeEach(async () => {
  issuerAnswer = { kind: "list", revoked: [] };
  setCurrentLicenseStatus(undefined);
  await (await getDb()).delete(licenseState);
  selfHost();
});

afterAll(() => {
  setCurrentLicenseStatus(undefined);
  overrideEnvForTests({});
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("at start", () => {
  it("no licence: the free tier starts and runs as today", async () => {
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "self_host" });
    await expect(verifyLicenseAtStart()).resolves.toBeUndefined();
    expect((await check()).status).toBe("free");
    expect((await createRoom()).status).toBe(201);
  });

  it("a valid licence starts", async () => {
    await licensed();
    await expect(verifyLicenseAtStart()).resolves.toBeUndefined();
  });

  it("a tampered licence is refused with a clear message", async () => {
    const lic = await issuer.license({ limits: { seats: 5 } });
    const [head, payload, sig] = lic.key.slice("svc_lic_".length).split(".");
    const claims = JSON.parse(Buffer.from(payload ?? "", "base64url").toString()) as Json;
    const raised = Buffer.from(
      JSON.stringify({ ...claims, limits: { seats: 5000, concurrent_participants: 5000 } }),
    );
    fs.writeFileSync(file, `svc_lic_${head}.${raised.toString("base64url")}.${sig}`);
    await expect(verifyLicenseAtStart()).rejects.toThrow(
      /^SVC_LICENSE_FILE: the licence has a signature that does not verify: the key was altered, or signed by another issuer\. .*free tier\.$/,
    );
  });

  it("an expired licence is refused, naming the date", async () => {
    const expiresAt = new Date(Date.now() - 86_400_000);
    await licensed({ expiresAt, issuedAt: new Date(Date.now() - 30 * 86_400_000) });
    await expect(verifyLicenseAtStart()).rejects.toThrow(
      `SVC_LICENSE_FILE: the licence expired on ${new Date(Math.floor(expiresAt.getTime() / 1000) * 1000).toISOString()}`,
    );
  });

  it("a licence signed by another issuer is refused, naming its key id", async () => {
    const foreign = await testIssuer("lk_someone_else");
    fs.writeFileSync(file, (await foreign.license()).key);
    await expect(verifyLicenseAtStart()).rejects.toThrow(
      'SVC_LICENSE_FILE: the licence was signed by a key SVC_LICENSE_PUBLIC_KEY does not hold (kid "lk_someone_else")',
    );
    // Another issuer's key under the same kid: the signature does not verify.
    const sameKid = await testIssuer("lk_test");
    fs.writeFileSync(file, (await sameKid.license()).key);
    await expect(verifyLicenseAtStart()).rejects.toThrow(/signature that does not verify/);
  });

  it("something that is not a licence, or a file that cannot be read, is refused", async () => {
    fs.writeFileSync(file, "hello");
    await expect(verifyLicenseAtStart()).rejects.toThrow(
      /SVC_LICENSE_FILE: the licence is not a licence key/,
    );
    selfHost({ SVC_LICENSE_FILE: path.join(dir, "missing.key") });
    await expect(verifyLicenseAtStart()).rejects.toThrow(
      /SVC_LICENSE_FILE: cannot read .*missing\.key \(ENOENT\)/,
    );
  });

  it("the value in SVC_LICENSE_KEY is checked the same way", async () => {
    const lic = await issuer.license();
    overrideEnvForTests({
      SVC_DEPLOYMENT_MODE: "self_host",
      SVC_LICENSE_KEY: lic.key,
      SVC_LICENSE_PUBLIC_KEY: issuer.publicKey,
    });
    await expect(verifyLicenseAtStart()).resolves.toBeUndefined();
    overrideEnvForTests({
      SVC_DEPLOYMENT_MODE: "self_host",
      SVC_LICENSE_KEY: `${lic.key.slice(0, -4)}AAAA`,
      SVC_LICENSE_PUBLIC_KEY: issuer.publicKey,
    });
    await expect(verifyLicenseAtStart()).rejects.toThrow(/^SVC_LICENSE_KEY: the licence has a signature/);
  });

  it("wrong settings stop the start with their names", () => {
    const base = { NODE_ENV: "test", SVC_DEPLOYMENT_MODE: "self_host" };
    const fails = (env: Record<string, string>, what: RegExp) =>
      expect(() => parseEnv({ ...base, ...env })).toThrow(what);
    fails({ SVC_LICENSE_KEY: "svc_lic_x" }, /SVC_LICENSE_PUBLIC_KEY: is required with a licence/);
    fails(
      { SVC_LICENSE_KEY: "svc_lic_x", SVC_LICENSE_FILE: "/x", SVC_LICENSE_PUBLIC_KEY: issuer.publicKey },
      /SVC_LICENSE_FILE: and SVC_LICENSE_KEY are both set/,
    );
    fails(
      { SVC_LICENSE_KEY: "svc_lic_x", SVC_LICENSE_PUBLIC_KEY: '{"kty":"OKP"}' },
      /SVC_LICENSE_PUBLIC_KEY: must be/,
    );
    fails(
      {
        SVC_LICENSE_KEY: "svc_lic_x",
        SVC_LICENSE_PUBLIC_KEY: JSON.stringify({
          keys: [{ ...JSON.parse(issuer.publicKey).keys[0], d: "x" }],
        }),
      },
      /SVC_LICENSE_PUBLIC_KEY: must be/,
    );
    fails(
      { SVC_DEPLOYMENT_MODE: "cloud", SVC_LICENSE_KEY: "svc_lic_x" },
      /SVC_LICENSE_KEY: is read in self_host mode only/,
    );
    fails(
      { SVC_LICENSE_ISSUER_URL: "https://issuer.test" },
      /SVC_LICENSE_ISSUER_URL: is set but no licence is/,
    );
    fails({ SVC_LICENSE_CHECK_SECONDS: "0" }, /SVC_LICENSE_CHECK_SECONDS/);
    // A bare public JWK is accepted as well as a JWKS.
    expect(
      parseEnv({
        ...base,
        SVC_LICENSE_KEY: "svc_lic_x",
        SVC_LICENSE_PUBLIC_KEY: JSON.stringify(JSON.parse(issuer.publicKey).keys[0]),
      }).SVC_LICENSE_KEY,
    ).toBe("svc_lic_x");
  });
});

describe("while running", () => {
  it("a valid licence: status, limits and usage for every role", async () => {
    const lic = await licensed({ limits: { seats: 100, concurrent_participants: 10 } });
    await check();
    const res = await call<Json>("GET", "/v1/workspace/license", { token: org.members.Viewer.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      deployment_mode: "self_host",
      status: "valid",
      reason: null,
      license: { id: lic.id, org_name: "Licensee GmbH", limits: { seats: 100, concurrent_participants: 10 } },
      usage: { seats: 6, concurrent_participants: 0 },
      grace_ends_at: null,
    });
    expect(res.body.issuer_reached_at).toBeTruthy();
    expect((await createRoom()).status).toBe(201);
  });

  it("revoked: license.revoked once to the subscribed endpoint, new rooms and tokens refused, the rest keeps working; renewing restores everything", async () => {
    const lic = await licensed();
    await check();
    const room = await createRoom();
    expect(room.status).toBe(201);
    const roomId = String(room.body.id);
    expect((await mintToken(roomId)).status).toBe(200);
    const before = (await deliveriesOf(endpointId)).length;

    issuerAnswer = { kind: "list", revoked: ["lic_other", lic.id] };
    const status = await check();
    expect(status).toMatchObject({ status: "invalid", reason: "revoked" });
    await check();
    await check();
    const sent = (await deliveriesOf(endpointId)).slice(before);
    expect(sent).toHaveLength(1);
    const delivered = JSON.parse(sent[0]?.body ?? "{}") as Json;
    expect(EVENT_TYPES["license.revoked"].body.safeParse(delivered).success).toBe(true);
    expect(delivered).toMatchObject({
      type: "license.revoked",
      org_id: org.id,
      project_id: null,
      data: { object: { license_id: lic.id, reason: "revoked" } },
    });

    const refused = expectProblem(await createRoom(), 402, "license_invalid");
    expect(refused.detail).toMatch(/The issuer revoked the licence\. New rooms and room tokens are refused/);
    expectProblem(await mintToken(roomId), 402, "license_invalid");
    // What keeps working: reading, the status, ending a room.
    expect((await call("GET", "/v1/workspace/rooms", owner())).status).toBe(200);
    expect((await call("GET", `/v1/workspace/rooms/${roomId}`, owner())).status).toBe(200);
    expect((await call("GET", "/v1/workspace/license", owner())).body).toMatchObject({
      status: "invalid",
      reason: "revoked",
    });
    expect((await call("POST", `/v1/workspace/rooms/${roomId}/end`, owner())).status).toBe(200);

    // Renewal: the file is replaced, the next check opens everything again, no restart.
    await licensed();
    expect((await check()).status).toBe("valid");
    const again = await createRoom();
    expect(again.status).toBe(201);
    expect((await mintToken(String(again.body.id))).status).toBe(200);
  });

  it("instances checking at once send one event between them", async () => {
    const lic = await licensed();
    await check();
    const before = (await licenseEvents()).length;
    issuerAnswer = { kind: "list", revoked: [lic.id] };
    const outcomes = await Promise.all([check(), check(), check()]);
    expect(outcomes.map((o) => o.status)).toEqual(["invalid", "invalid", "invalid"]);
    // One per org of the install (this file's database holds one org).
    expect((await licenseEvents()).length - before).toBe(1);
  });

  it("the issuer unreachable: grace (still open, with a warning), then invalid past the grace period, valid when it answers again", async () => {
    await licensed();
    const t0 = new Date();
    expect((await check(t0)).status).toBe("valid");
    issuerAnswer = { kind: "down" };
    const inGrace = await check(new Date(t0.getTime() + 30 * 60_000));
    expect(inGrace).toMatchObject({ status: "grace", reason: null });
    expect(inGrace.detail).toMatch(/ECONNREFUSED/);
    expect(inGrace.grace_ends_at).toBe(new Date(t0.getTime() + 3_600_000).toISOString());
    expect((await createRoom()).status).toBe(201);
    const before = (await licenseEvents()).length;
    const past = await check(new Date(t0.getTime() + 61 * 60_000));
    expect(past).toMatchObject({ status: "invalid", reason: "issuer_unreachable" });
    expect((await licenseEvents()).length - before).toBe(1);
    expectProblem(await createRoom(), 402, "license_invalid");
    issuerAnswer = { kind: "list", revoked: [], at: new Date(t0.getTime() + 62 * 60_000) };
    expect((await check(new Date(t0.getTime() + 62 * 60_000))).status).toBe("valid");
    expect((await createRoom()).status).toBe(201);
  });

  it("a never-reached issuer: the grace clock starts when the install first checks the licence", async () => {
    await licensed();
    issuerAnswer = { kind: "down" };
    const t0 = new Date();
    expect((await check(t0)).status).toBe("grace");
    expect((await check(new Date(t0.getTime() + 2 * 3_600_000))).reason).toBe("issuer_unreachable");
  });

  it("an older revocation list than one already seen (a replay) counts as no answer", async () => {
    await licensed();
    const t0 = new Date();
    expect((await check(t0)).status).toBe("valid");
    issuerAnswer = { kind: "list", revoked: [], at: new Date(t0.getTime() - 3_600_000) };
    const replayed = await check(new Date(t0.getTime() + 60_000));
    expect(replayed.status).toBe("grace");
    expect(replayed.detail).toMatch(/older than one already seen/);
  });

  it("a list signed by another key counts as no answer", async () => {
    await licensed();
    const foreign = await testIssuer();
    const forged: FetchLike = async () =>
      new Response(JSON.stringify({ list: await foreign.list([]) }), {
        headers: { "content-type": "application/json" },
      });
    const status = await checkLicense(await getDb(), new Date(), forged);
    expect(status.status).toBe("grace");
    expect(status.detail).toMatch(/revocation list does not verify/);
  });

  it("over its seat limit: invalid until the licence allows more seats", async () => {
    await licensed({ limits: { seats: 5 } });
    const before = (await licenseEvents()).length;
    const over = await check();
    expect(over).toMatchObject({ status: "invalid", reason: "over_seat_limit", usage: { seats: 6 } });
    expect(over.detail).toBe("The install has 6 members; the licence allows 5 seats.");
    expect((await licenseEvents()).length - before).toBe(1);
    expectProblem(await createRoom(), 402, "license_invalid");
    await licensed({ limits: { seats: 6 } });
    expect((await check()).status).toBe("valid");
  });

  it("a licence that expires while the service runs turns invalid at the next check", async () => {
    const expiresAt = new Date(Date.now() + 2 * 3_600_000);
    const lic = await licensed({ expiresAt });
    expect((await check()).status).toBe("valid");
    const later = new Date(expiresAt.getTime() + 1000);
    issuerAnswer = { kind: "list", revoked: [], at: later };
    const expired = await check(later);
    expect(expired).toMatchObject({ status: "invalid", reason: "expired" });
    const objects = (await licenseEvents()).map((e) => (e.payload as { data: { object: Json } }).data.object);
    expect(objects).toContainEqual(expect.objectContaining({ license_id: lic.id, reason: "expired" }));
  });

  it("offline only (no issuer address): the licence is checked without polling", async () => {
    selfHost({ SVC_LICENSE_ISSUER_URL: "" });
    await licensed();
    const never: FetchLike = async () => {
      throw new Error("no poll expected");
    };
    const status = await checkLicense(await getDb(), new Date(), never);
    expect(status).toMatchObject({ status: "valid", issuer_reached_at: null });
  });
});

describe("the console's banner (Owners and Billing)", () => {
  it("says nothing when all is well, and what stops, why and until when otherwise", async () => {
    await licensed({ expiresAt: new Date(Date.now() + 100 * 86_400_000) });
    const now = Date.now();
    expect(licenseBannerText(await check(), now)).toBeNull();
    expect(licenseBannerText({ ...(await check()), status: "free", license: null }, now)).toBeNull();
    // About to expire: a warning with the days left.
    const soon = await licensed({ expiresAt: new Date(now + 3 * 86_400_000) });
    const expiring = licenseBannerText(await check(), now);
    expect(expiring?.text).toBe("The licence expires in 3 days: ask the issuer for a new one.");
    // Revoked: what stops and what keeps working.
    issuerAnswer = { kind: "list", revoked: [soon.id] };
    const invalid = licenseBannerText(await check(), now);
    expect(invalid).toEqual({
      title: "Licence not valid.",
      text: "New rooms and room tokens are refused. The issuer revoked the licence. Reading, downloads and ending rooms keep working; a renewed licence opens everything again.",
    });
    // Grace: until when.
    await licensed();
    issuerAnswer = { kind: "down" };
    const grace = await check();
    expect(licenseBannerText(grace, now)?.text).toContain(`stays valid until ${grace.grace_ends_at}`);
  });
});
