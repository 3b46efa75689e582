import { randomBytes } from "node:crypto";
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { describe, expect, expectTypeOf, it } from "vitest";
import { signedHeaders } from "@/lib/webhooks/delivery/signed-request";
import { newSigningSecret } from "@/lib/webhooks/signing-secret";
import {
  createWebhookHandler,
  type Room,
  verifyWebhook,
  type WebhookEvent,
  WebhookVerificationError,
} from "../packages/sdk/src/index";
import { nodeWebhookHandler, webhookMiddleware } from "../packages/sdk/src/node";

/**
 * verifyWebhook against deliveries signed by the service's own signer (lib/webhooks/delivery), and
 * every way a delivery must be refused: tampered, expired, from the future, unsigned, wrong secret.
 */
const SECRET = newSigningSecret();
const OLD = newSigningSecret();
const body = JSON.stringify({
  id: "evt_123",
  type: "room.ended",
  created_at: "2026-11-22T10:00:00.000Z",
  org_id: "org_1",
  project_id: "prj_1",
  data: {
    object: {
      id: "rm_1",
      name: "Standup",
      type: "meeting",
      state: "ended",
      project_id: "prj_1",
      short_code: "abc-defg-hij",
      created_at: "2026-11-22T09:00:00.000Z",
    },
  },
});

function signed(opts: { keys?: { kid: string; secret: string }[]; epochMs?: number; raw?: string } = {}) {
  return signedHeaders({
    webhookId: "evt_123",
    type: "room.ended",
    attempt: 1,
    body: opts.raw ?? body,
    keys: opts.keys ?? [{ kid: "v1", secret: SECRET }],
    epochMs: opts.epochMs,
  });
}

const only = (h: Record<string, string>, prefix: string) =>
  Object.fromEntries(Object.entries(h).filter(([k]) => k.startsWith(prefix) || k === "content-type"));

async function refusal(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof WebhookVerificationError)) throw new Error(`expected a refusal, got ${String(err)}`);
  return err.code;
}

describe("verifyWebhook", () => {
  it("accepts a real delivery and returns the event, narrowed by type", async () => {
    const event = await verifyWebhook(body, signed(), SECRET);
    expectTypeOf(event).toEqualTypeOf<WebhookEvent>();
    if (event.type !== "room.ended") throw new Error("narrowing");
    expectTypeOf(event.data.object).toEqualTypeOf<Room>();
    expect(event.data.object.short_code).toBe("abc-defg-hij");
    // Bytes, a Headers object and a Uint8Array body work the same.
    await expect(
      verifyWebhook(new TextEncoder().encode(body), new Headers(signed()), SECRET),
    ).resolves.toMatchObject({
      id: "evt_123",
    });
  });

  it("accepts either scheme alone: X-SVC-Webhook-* only, or Standard Webhooks only", async () => {
    const h = signed();
    await expect(verifyWebhook(body, only(h, "x-svc-"), SECRET)).resolves.toMatchObject({
      type: "room.ended",
    });
    await expect(verifyWebhook(body, only(h, "webhook-"), SECRET)).resolves.toMatchObject({
      type: "room.ended",
    });
    // …and what it accepts, the official library accepts too.
    expect(() => new Webhook(SECRET).verify(body, h)).not.toThrow();
  });

  it("during a rotation: several secrets, as a list or by key id; an old receiver with only the old secret", async () => {
    const h = signed({
      keys: [
        { kid: "v2", secret: SECRET },
        { kid: "v1", secret: OLD },
      ],
    });
    await expect(verifyWebhook(body, h, [OLD, SECRET])).resolves.toBeTruthy();
    await expect(verifyWebhook(body, h, { v1: OLD, v2: SECRET })).resolves.toBeTruthy();
    // X-SVC-Webhook-Sig is signed with v2 only; webhook-signature carries both, so OLD still passes.
    await expect(verifyWebhook(body, h, OLD)).resolves.toBeTruthy();
    expect(await refusal(verifyWebhook(body, only(h, "x-svc-"), OLD))).toBe("invalid_signature");
  });

  it("keeps a legacy base64url secret working in both schemes", async () => {
    let bytes = randomBytes(32);
    while (!/[-_]/.test(bytes.toString("base64url"))) bytes = randomBytes(32);
    const legacy = `whsec_${bytes.toString("base64url")}`;
    const h = signed({ keys: [{ kid: "v1", secret: legacy }] });
    await expect(verifyWebhook(body, only(h, "x-svc-"), legacy)).resolves.toBeTruthy();
    await expect(verifyWebhook(body, only(h, "webhook-"), legacy)).resolves.toBeTruthy();
  });

  it("refuses a tampered body, a wrong secret, and forged or garbled signatures", async () => {
    const h = signed();
    expect(await refusal(verifyWebhook(`${body} `, h, SECRET))).toBe("invalid_signature");
    expect(await refusal(verifyWebhook(body.replace("Standup", "Standoff"), h, SECRET))).toBe(
      "invalid_signature",
    );
    expect(await refusal(verifyWebhook(body, h, newSigningSecret()))).toBe("invalid_signature");
    expect(await refusal(verifyWebhook(body, h, "not-a-whsec-secret"))).toBe("invalid_signature");
    const garbled = {
      ...h,
      "x-svc-webhook-sig": "%%%not base64%%%",
      "webhook-signature": "v1,@@@ v2,abc v1",
    };
    expect(await refusal(verifyWebhook(body, garbled, SECRET))).toBe("invalid_signature");
    const truncated = {
      ...h,
      "x-svc-webhook-sig": h["x-svc-webhook-sig"]?.slice(0, 20) ?? "",
      "webhook-signature": "v1,AAAA",
    };
    expect(await refusal(verifyWebhook(body, truncated, SECRET))).toBe("invalid_signature");
    // The signed id is bound: another webhook-id breaks the Standard signature.
    expect(
      await refusal(verifyWebhook(body, { ...only(h, "webhook-"), "webhook-id": "evt_other" }, SECRET)),
    ).toBe("invalid_signature");
  });

  it("refuses expired and future deliveries (5 minutes by default, or the tolerance given)", async () => {
    const old = signed({ epochMs: Date.now() - 6 * 60_000 });
    expect(await refusal(verifyWebhook(body, old, SECRET))).toBe("timestamp_out_of_range");
    expect(await refusal(verifyWebhook(body, only(old, "webhook-"), SECRET))).toBe("timestamp_out_of_range");
    const future = signed({ epochMs: Date.now() + 6 * 60_000 });
    expect(await refusal(verifyWebhook(body, future, SECRET))).toBe("timestamp_out_of_range");
    await expect(verifyWebhook(body, old, SECRET, { toleranceSeconds: 600 })).resolves.toBeTruthy();
    const at = Date.parse("2026-11-22T10:00:00Z");
    await expect(
      verifyWebhook(body, signed({ epochMs: at }), SECRET, { now: new Date(at + 1000) }),
    ).resolves.toBeTruthy();
    // X-SVC-Webhook-Ts replaced: that signature fails, and the Standard one is still stale.
    expect(await refusal(verifyWebhook(body, { ...old, "x-svc-webhook-ts": "yesterday" }, SECRET))).toBe(
      "timestamp_out_of_range",
    );
  });

  it("refuses unsigned deliveries, no secret, and a signed body that is not an event", async () => {
    expect(await refusal(verifyWebhook(body, {}, SECRET))).toBe("missing_headers");
    expect(await refusal(verifyWebhook(body, { "x-svc-webhook-ts": "2026-11-22T10:00:00Z" }, SECRET))).toBe(
      "missing_headers",
    );
    expect(await refusal(verifyWebhook(body, signed(), ""))).toBe("no_secret");
    expect(await refusal(verifyWebhook(body, signed(), []))).toBe("no_secret");
    expect(await refusal(verifyWebhook("not json", signed({ raw: "not json" }), SECRET))).toBe(
      "invalid_payload",
    );
    expect(await refusal(verifyWebhook("[1]", signed({ raw: "[1]" }), SECRET))).toBe("invalid_payload");
  });
});

describe("adapters", () => {
  it("createWebhookHandler (Next.js route handlers, web Request): 204 on a good delivery, 400 on a bad one", async () => {
    const got: WebhookEvent[] = [];
    const handler = createWebhookHandler(SECRET, (event) => {
      got.push(event);
    });
    const post = (h: Record<string, string>, raw = body) =>
      handler(new Request("https://receiver.test/hook", { method: "POST", headers: h, body: raw }));
    expect((await post(signed())).status).toBe(204);
    const bad = await post(signed(), `${body} `);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "invalid_signature" });
    expect(got.map((e) => e.id)).toEqual(["evt_123"]);
    const custom = createWebhookHandler(SECRET, () => new Response("seen", { status: 202 }));
    expect(
      (await custom(new Request("https://r.test/", { method: "POST", headers: signed(), body }))).status,
    ).toBe(202);
  });

  it("nodeWebhookHandler and webhookMiddleware on a real Node http server", async () => {
    const got: string[] = [];
    const handler = nodeWebhookHandler(SECRET, (event) => {
      got.push(event.type);
    });
    const middleware = webhookMiddleware(SECRET);
    const server = http.createServer((req, res) => {
      if (req.url === "/mw") {
        void middleware(req, res, () => {
          res.writeHead(200, { "content-type": "text/plain" });
          res.end((req as { webhookEvent?: WebhookEvent }).webhookEvent?.id ?? "none");
        });
      } else void handler(req, res);
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const send = (path: string, h: Record<string, string>, raw = body) =>
        fetch(`${base}${path}`, { method: "POST", headers: h, body: raw });
      expect((await send("/", signed())).status).toBe(204);
      const bad = await send("/", signed({ epochMs: Date.now() - 3_600_000 }));
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ code: "timestamp_out_of_range" });
      const mw = await send("/mw", signed());
      expect(await mw.text()).toBe("evt_123");
      expect((await send("/mw", {}, body)).status).toBe(400);
      expect(got).toEqual(["room.ended"]);
    } finally {
      server.close();
    }
  });
});
