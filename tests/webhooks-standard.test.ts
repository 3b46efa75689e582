import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deliveries, deliveryAttempts, webhookSigningSecrets } from "@/db/schema";
import { encryptSecret } from "@/lib/crypto/secret-box";
import { type Db, getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { deliverDueWebhooks } from "@/lib/jobs/definitions/deliver-due-webhooks";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";
import { runClaimedAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import { claimDelivery } from "@/lib/webhooks/delivery/claim";
import { verifyWebhook } from "@/lib/webhooks/verify-signature";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import {
  eventually,
  type HttpsReceiver,
  type ReceivedRequest,
  startHttpsReceiver,
  testCertificate,
} from "./helpers/https-receiver";
import { attemptsOf, deliveriesOf, registerWebhook } from "./helpers/webhook-fixtures";

/**
 * Issue 18 item 1: real deliveries verified by the official `standardwebhooks` library with the
 * secret exactly as the API shows it, alongside docs/spec/service-spec.md's X-SVC-* headers; and a database error
 * while reading the secret never counts as an attempt (item 8).
 */

const FAST = "0,0.05,0.05,0.05,0.05,0.05,0.05";
const BASE_ENV = () => ({ SVC_WEBHOOK_CA_FILE: testCertificate().caFile, SVC_WEBHOOK_RETRY_SCHEDULE: FAST });

let org: TestOrg;
const receivers: HttpsReceiver[] = [];

async function receiver(): Promise<HttpsReceiver> {
  const r = await startHttpsReceiver();
  receivers.push(r);
  return r;
}

beforeAll(async () => {
  overrideEnvForTests(BASE_ENV());
  org = await createOrg();
});

afterEach(async () => {
  await stopJobs();
});

afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()));
  overrideEnvForTests({});
});

const owner = () => ({ token: org.members.Owner.token });

function flatHeaders(r: ReceivedRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(r.headers)) out[k] = Array.isArray(v) ? v.join(", ") : (v ?? "");
  return out;
}

async function sendTest(id: string) {
  const res = await call("POST", `/v1/workspace/webhooks/${id}/test`, owner());
  expect(res.status).toBe(202);
}

describe("Standard Webhooks headers on real deliveries", () => {
  it("verify with the official library using the secret as shown, next to X-SVC-*", async () => {
    startJobs([deliverDueWebhooks.id]);
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url, ["room.created"]);
    for (const name of ["One", "Two", "Three"]) {
      const res = await call("POST", "/v1/workspace/rooms", {
        token: org.members.Developer.token,
        json: { project_id: org.projectId, name },
      });
      expect(res.status).toBe(201);
    }
    const got = await rx.waitForRequests(3, { timeoutMs: 15_000 });
    const wh = new Webhook(w.signing_secret);
    for (const req of got) {
      const h = flatHeaders(req);
      const body = wh.verify(req.rawBody, h) as { id: string; type: string };
      expect(body.type).toBe("room.created");
      expect(h["webhook-id"]).toBe(h["x-svc-webhook-id"]);
      expect(body.id).toBe(h["webhook-id"]);
      expect(h["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
      // The same instant as X-SVC-Webhook-Ts, in whole seconds.
      const ts = h["x-svc-webhook-ts"] ?? "";
      expect(Number(h["webhook-timestamp"])).toBe(Math.floor(Date.parse(ts) / 1000));
      // docs/spec/service-spec.md's own headers are unchanged.
      expect(verifyWebhook({ headers: h, rawBody: req.rawBody, secrets: { v1: w.signing_secret } }).ok).toBe(
        true,
      );
      expect(h["x-svc-webhook-attempt"]).toBe("1");
    }
  });

  it("covers the id: a replay with another webhook-id, or a changed body, is rejected", async () => {
    startJobs([deliverDueWebhooks.id]);
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url);
    await sendTest(w.id);
    const [req] = await rx.waitForRequests(1);
    if (!req) throw new Error("no request");
    const wh = new Webhook(w.signing_secret);
    const h = flatHeaders(req);
    expect(() => wh.verify(req.rawBody, { ...h, "webhook-id": "evt_replayed" })).toThrow(/signature/i);
    expect(() => wh.verify(`${req.rawBody} `, h)).toThrow(/signature/i);
    expect(() => wh.verify(req.rawBody, { ...h, "webhook-timestamp": "1600000000" })).toThrow(/timestamp/i);
    expect(() => new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(req.rawBody, h)).toThrow();
  });

  it("carries one signature per active secret during a rotation", async () => {
    startJobs([deliverDueWebhooks.id]);
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url);
    const rotated = await call<{ signing_secret: string }>(
      "POST",
      `/v1/workspace/webhooks/${w.id}/rotate-secret`,
      owner(),
    );
    expect(rotated.status).toBe(200);
    await sendTest(w.id);
    const [req] = await rx.waitForRequests(1);
    if (!req) throw new Error("no request");
    const h = flatHeaders(req);
    expect(h["webhook-signature"]?.split(" ")).toHaveLength(2);
    // Receivers holding either secret verify.
    expect(new Webhook(rotated.body.signing_secret).verify(req.rawBody, h)).toMatchObject({
      type: "webhook.test",
    });
    expect(new Webhook(w.signing_secret).verify(req.rawBody, h)).toMatchObject({ type: "webhook.test" });
    expect(h["x-svc-webhook-kid"]).toBe("v2");

    // Once the old kid has expired, only the current one signs.
    const db = await getDb();
    await db
      .update(webhookSigningSecrets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(webhookSigningSecrets.endpointId, w.id), eq(webhookSigningSecrets.kid, "v1")));
    const res = await call("POST", `/v1/workspace/webhooks/${w.id}/test`, owner());
    expect(res.status).toBe(202);
    const [, second] = await rx.waitForRequests(2);
    if (!second) throw new Error("no second request");
    const h2 = flatHeaders(second);
    expect(h2["webhook-signature"]?.split(" ")).toHaveLength(1);
    expect(() => new Webhook(w.signing_secret).verify(second.rawBody, h2)).toThrow(/signature/i);
  });

  it("keeps secrets issued in base64url working: same bytes for webhook-signature, whole string for X-SVC", async () => {
    startJobs([deliverDueWebhooks.id]);
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url);
    let bytes = randomBytes(32);
    while (!/[-_]/.test(bytes.toString("base64url"))) bytes = randomBytes(32);
    const legacy = `whsec_${bytes.toString("base64url")}`;
    const db = await getDb();
    await db
      .update(webhookSigningSecrets)
      .set({ secretCiphertext: encryptSecret(legacy) })
      .where(eq(webhookSigningSecrets.endpointId, w.id));
    await sendTest(w.id);
    const [req] = await rx.waitForRequests(1);
    if (!req) throw new Error("no request");
    const h = flatHeaders(req);
    expect(verifyWebhook({ headers: h, rawBody: req.rawBody, secrets: legacy }).ok).toBe(true);
    // The documented path: the same secret in the standard alphabet, or the raw bytes.
    expect(new Webhook(`whsec_${bytes.toString("base64")}`).verify(req.rawBody, h)).toBeTruthy();
    expect(new Webhook(bytes, { format: "raw" }).verify(req.rawBody, h)).toBeTruthy();
  });
});

/**
 * A Db whose next prepared statement (the read of the target and its signing keys, 0950) fails
 * like a database that went away.
 */
function failingFirstPrepared(db: Db): Db {
  let failed = false;
  const client = (db as unknown as { $client: object }).$client;
  const failing = new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop);
      if (typeof value !== "function") return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (failed || !["unsafe", "query", "exec"].includes(String(prop))) return fn.bind(target);
      return () => {
        failed = true;
        const lost = Promise.reject(new Error("Connection terminated unexpectedly"));
        // postgres.js: unsafe(…).values(); PGlite: exec/query return the promise.
        return prop === "unsafe" ? { values: () => lost } : lost;
      };
    },
  });
  return new Proxy(db, {
    get: (target, prop, recv) => (prop === "$client" ? failing : Reflect.get(target, prop, recv)),
  });
}

describe("a database error while reading the signing secret", () => {
  it("is not an attempt: nothing sent, nothing counted, the same attempt is made later", async () => {
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url);
    await sendTest(w.id); // no worker runs yet: the row stays pending
    const db = await getDb();
    const [delivery] = await deliveriesOf(w.id);
    if (!delivery) throw new Error("no delivery");
    const claim = await claimDelivery(db, delivery.id, 1);
    if (!("claimed" in claim)) throw new Error("not claimed");

    await expect(runClaimedAttempt(failingFirstPrepared(db), claim.claimed)).rejects.toThrow(/Connection/);
    const [after] = await deliveriesOf(w.id);
    expect(after).toMatchObject({ status: "pending", attemptCount: 0 });
    // Handed back well before the 60 s lease would have run out.
    expect((after?.lockedUntil?.getTime() ?? 0) - Date.now()).toBeLessThan(5_000);
    expect(await attemptsOf(delivery.id)).toEqual([]);
    expect(rx.requests).toHaveLength(0);

    startJobs([deliverDueWebhooks.id]);
    const [req] = await rx.waitForRequests(1);
    expect(req?.headers["x-svc-webhook-attempt"]).toBe("1");
    const done = await eventually(async () => {
      const [d] = await deliveriesOf(w.id);
      return d?.status === "succeeded" ? d : undefined;
    });
    expect(done.attemptCount).toBe(1);
  });

  it("a secret that truly cannot be decrypted does count, as a failed attempt never sent", async () => {
    const rx = await receiver();
    const w = await registerWebhook(org, rx.url);
    const db = await getDb();
    await db
      .update(webhookSigningSecrets)
      .set({ secretCiphertext: encryptSecret("whsec_x", randomBytes(32)) })
      .where(eq(webhookSigningSecrets.endpointId, w.id));
    await sendTest(w.id);
    const [delivery] = await deliveriesOf(w.id);
    if (!delivery) throw new Error("no delivery");
    const claim = await claimDelivery(db, delivery.id, 1);
    if (!("claimed" in claim)) throw new Error("not claimed");
    const report = await runClaimedAttempt(db, claim.claimed);
    expect(report).toMatchObject({ attempt: 1, state: "pending", statusCode: null });
    const [attempt] = await db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, delivery.id));
    expect(attempt?.error).toMatch(/^cannot sign/);
    expect(rx.requests).toHaveLength(0);
    await db.delete(deliveries).where(eq(deliveries.id, delivery.id));
  });
});
