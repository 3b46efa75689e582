import { describe, expect, it } from "vitest";
import { overrideEnvForTests } from "@/lib/env";
import { blockedHostReason, isBlockedAddress } from "@/lib/webhooks/address-policy";
import {
  DEFAULT_SCHEDULE_SEC,
  delayBeforeAttemptMs,
  judgeAttempt,
  MAX_ATTEMPTS,
} from "@/lib/webhooks/delivery/schedule";
import { parseRfc3339, rfc3339Nano, signStandardWebhook, signWebhook } from "@/lib/webhooks/sign";
import { kidNumber, newSigningSecret, nextKid, standardKeyBytes } from "@/lib/webhooks/signing-secret";
import { verifyWebhook } from "@/lib/webhooks/verify-signature";

/**
 * Fixed vectors, computed independently with
 *   printf '%s' "$ts.$body" | openssl dgst -sha256 -hmac "$secret" -binary | base64
 * (the expected values below keep openssl's padding; the service strips it).
 */
const SECRET = "whsec_yXJ8h1aF0kT3pB6mQ2rV9sL4nW7cE5dG1iK8oU3tY0Z";
const TS = "2026-11-22T10:00:00.123456789Z";
const BODY =
  '{"id":"evt_7Hq2kLm9Xv3Pz8Rt4Nw6Yb","type":"room.created","created_at":"2026-11-22T10:00:00.120Z","org_id":"org_1","project_id":"prj_1","data":{"object":{"id":"rm_1","name":"Caf\\u00e9 ☕"}}}';
const VECTORS = [
  { secret: SECRET, ts: TS, body: BODY, openssl: "B7eWqVvB8Vstj7+Lq5nYWeJumuYpKlyHY+vh4wUqiso=" },
  { secret: SECRET, ts: TS, body: "{}", openssl: "kDfbWWrivmXb+Y0ak0BVrYMyvaK5cFQiRm/5JdL+4bU=" },
  {
    secret: "whsec_a",
    ts: "2026-01-01T00:00:00.000000000Z",
    body: "hello",
    openssl: "nULDYwii2XsFS6rCB0y6/5TaRB0lokY3nUXBp5PWJb8=",
  },
];
const TS_MS = Date.parse("2026-11-22T10:00:00.123Z");

function headers(over: Record<string, string> = {}) {
  return {
    "X-SVC-Webhook-Id": "evt_7Hq2kLm9Xv3Pz8Rt4Nw6Yb",
    "X-SVC-Webhook-Type": "room.created",
    "X-SVC-Webhook-Ts": TS,
    "X-SVC-Webhook-Sig": "B7eWqVvB8Vstj7+Lq5nYWeJumuYpKlyHY+vh4wUqiso",
    "X-SVC-Webhook-Kid": "v1",
    "X-SVC-Webhook-Attempt": "3",
    ...over,
  };
}

describe("signing", () => {
  it("matches the openssl vectors, base64 without padding", () => {
    for (const v of VECTORS) {
      const sig = signWebhook(v.secret, v.ts, v.body);
      expect(sig).toBe(v.openssl.replace(/=+$/, ""));
      expect(sig).not.toContain("=");
      expect(signWebhook(v.secret, v.ts, Buffer.from(v.body, "utf8"))).toBe(sig);
    }
  });

  it("binds the timestamp and every body byte", () => {
    const base = signWebhook(SECRET, TS, BODY);
    expect(signWebhook(SECRET, TS.replace("789Z", "788Z"), BODY)).not.toBe(base);
    expect(signWebhook(SECRET, TS, `${BODY} `)).not.toBe(base);
    expect(signWebhook(`${SECRET}x`, TS, BODY)).not.toBe(base);
  });

  it("matches the Standard Webhooks published vector (decoded key, id.timestamp.body)", () => {
    // The specification's example, also checked with
    //   printf '%s' "$id.$ts.$body" | openssl dgst -sha256 -mac HMAC -macopt hexkey:$(… | base64 -d | xxd -p) -binary | base64
    const key = standardKeyBytes("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw");
    expect(signStandardWebhook(key, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}')).toBe(
      "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=",
    );
  });

  it("decodes secrets issued in base64url to the same key bytes", () => {
    const bytes = Buffer.from(Array.from({ length: 32 }, (_, i) => 250 - i));
    const legacy = `whsec_${bytes.toString("base64url")}`;
    expect(legacy).toMatch(/[-_]/);
    expect(standardKeyBytes(legacy)).toEqual(bytes);
    expect(standardKeyBytes(`whsec_${bytes.toString("base64")}`)).toEqual(bytes);
  });

  it("formats RFC 3339 timestamps with nine fractional digits", () => {
    // Sub-millisecond digits come from a float near 1.8e12 ms: exact for binary fractions.
    expect(rfc3339Nano(TS_MS + 0.5)).toBe("2026-11-22T10:00:00.123500000Z");
    expect(rfc3339Nano(TS_MS + 0.25)).toBe("2026-11-22T10:00:00.123250000Z");
    expect(rfc3339Nano(Date.parse("2026-01-01T00:00:00.000Z"))).toBe("2026-01-01T00:00:00.000000000Z");
    const before = Date.now();
    const now = rfc3339Nano();
    const after = Date.now();
    expect(now).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{9}Z$/);
    // The wall clock at the call (bracketed, not timed): the fraction rounds within a millisecond.
    expect(parseRfc3339(now)).toBeGreaterThanOrEqual(before);
    expect(parseRfc3339(now)).toBeLessThan(after + 1);
  });

  it("parses RFC 3339 with any fraction and offsets", () => {
    expect(parseRfc3339(TS)).toBeCloseTo(TS_MS + 0.456789, 3);
    expect(parseRfc3339("2026-11-22T12:00:00+02:00")).toBe(Date.parse("2026-11-22T10:00:00Z"));
    expect(parseRfc3339("2026-11-22 10:00:00Z")).toBeUndefined();
    expect(parseRfc3339("yesterday")).toBeUndefined();
  });

  it("makes whsec_ secrets of 32 random bytes and numbered key ids", () => {
    const a = newSigningSecret();
    // Standard alphabet with padding (docs/spec/product-decisions.md §6): what the Standard Webhooks libraries decode.
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), "base64")).toHaveLength(32);
    expect(standardKeyBytes(a)).toEqual(Buffer.from(a.slice(6), "base64"));
    expect(newSigningSecret()).not.toBe(a);
    expect(nextKid(["v1"])).toBe("v2");
    expect(nextKid(["v2", "v10", "v3"])).toBe("v11");
    expect(nextKid([])).toBe("v1");
    expect(kidNumber("x7")).toBe(0);
  });
});

describe("verifyWebhook (receiver helper)", () => {
  const now = TS_MS + 1000;

  it("accepts the vector and reports id, type, kid and attempt", () => {
    expect(verifyWebhook({ headers: headers(), rawBody: BODY, secrets: SECRET, now })).toEqual({
      ok: true,
      id: "evt_7Hq2kLm9Xv3Pz8Rt4Nw6Yb",
      type: "room.created",
      kid: "v1",
      attempt: 3,
      timestamp: TS,
    });
  });

  it("accepts a padded signature, a Headers object and a byte body", () => {
    const h = new Headers(headers({ "X-SVC-Webhook-Sig": "B7eWqVvB8Vstj7+Lq5nYWeJumuYpKlyHY+vh4wUqiso=" }));
    expect(
      verifyWebhook({ headers: h, rawBody: new TextEncoder().encode(BODY), secrets: SECRET, now }).ok,
    ).toBe(true);
  });

  it("picks the secret by kid during a rotation", () => {
    const secrets = { v1: SECRET, v2: "whsec_other" };
    expect(verifyWebhook({ headers: headers(), rawBody: BODY, secrets, now }).ok).toBe(true);
    expect(
      verifyWebhook({ headers: headers({ "X-SVC-Webhook-Kid": "v2" }), rawBody: BODY, secrets, now }),
    ).toEqual({
      ok: false,
      reason: "signature_mismatch",
    });
    expect(
      verifyWebhook({ headers: headers({ "X-SVC-Webhook-Kid": "v3" }), rawBody: BODY, secrets, now }),
    ).toEqual({
      ok: false,
      reason: "unknown_kid",
    });
  });

  it("rejects a tampered body, a wrong secret, a forged signature", () => {
    const reject = { ok: false, reason: "signature_mismatch" };
    expect(
      verifyWebhook({ headers: headers(), rawBody: BODY.replace("rm_1", "rm_2"), secrets: SECRET, now }),
    ).toEqual(reject);
    expect(verifyWebhook({ headers: headers(), rawBody: BODY, secrets: `${SECRET}x`, now })).toEqual(reject);
    expect(
      verifyWebhook({
        headers: headers({ "X-SVC-Webhook-Sig": "AAAA" }),
        rawBody: BODY,
        secrets: SECRET,
        now,
      }),
    ).toEqual(reject);
  });

  it("rejects timestamps more than five minutes off, either way", () => {
    expect(
      verifyWebhook({ headers: headers(), rawBody: BODY, secrets: SECRET, now: TS_MS + 299_000 }).ok,
    ).toBe(true);
    expect(
      verifyWebhook({ headers: headers(), rawBody: BODY, secrets: SECRET, now: TS_MS - 299_000 }).ok,
    ).toBe(true);
    for (const at of [TS_MS + 301_000, TS_MS - 301_000]) {
      expect(verifyWebhook({ headers: headers(), rawBody: BODY, secrets: SECRET, now: at })).toEqual({
        ok: false,
        reason: "timestamp_out_of_tolerance",
      });
    }
  });

  it("rejects missing headers and malformed timestamps", () => {
    const h = headers();
    delete (h as Record<string, string>)["X-SVC-Webhook-Sig"];
    expect(verifyWebhook({ headers: h, rawBody: BODY, secrets: SECRET, now })).toEqual({
      ok: false,
      reason: "missing_headers",
    });
    expect(
      verifyWebhook({
        headers: headers({ "X-SVC-Webhook-Ts": "1700000000" }),
        rawBody: BODY,
        secrets: SECRET,
        now,
      }),
    ).toEqual({ ok: false, reason: "invalid_timestamp" });
  });
});

describe("retry schedule", () => {
  it("is the spec's seven points with ±20 % jitter", () => {
    expect(DEFAULT_SCHEDULE_SEC).toEqual([0, 10, 60, 300, 900, 3600, 14400]);
    expect(MAX_ATTEMPTS).toBe(7);
    expect(delayBeforeAttemptMs(1, () => 0.99)).toBe(0);
    expect(delayBeforeAttemptMs(2, () => 0)).toBe(8000);
    expect(delayBeforeAttemptMs(2, () => 1)).toBe(12000);
    expect(delayBeforeAttemptMs(2, () => 0.5)).toBe(10000);
    expect(delayBeforeAttemptMs(7, () => 0)).toBe(14_400_000 * 0.8);
    for (let i = 0; i < 200; i++) {
      const d = delayBeforeAttemptMs(3);
      expect(d).toBeGreaterThanOrEqual(48_000);
      expect(d).toBeLessThanOrEqual(72_000);
    }
    // docs/spec/service-spec.md's "about 5 h 19 m": the seven points add up to 5 h 21 m 10 s before jitter.
    const total = DEFAULT_SCHEDULE_SEC.reduce<number>((a, b) => a + b, 0);
    expect(total).toBe(5 * 3600 + 21 * 60 + 10);
  });

  it("follows SVC_WEBHOOK_RETRY_SCHEDULE", () => {
    overrideEnvForTests({ SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.1,0.2,0.3,0.4,0.5,0.6" });
    try {
      expect(delayBeforeAttemptMs(2, () => 0.5)).toBe(100);
      expect(delayBeforeAttemptMs(7, () => 1)).toBe(720);
    } finally {
      overrideEnvForTests({});
    }
  });

  it("judges outcomes: 2xx done, 410 gone, the rest retried until the seventh attempt", () => {
    expect(judgeAttempt(200, 1)).toEqual({ status: "succeeded" });
    expect(judgeAttempt(204, 7)).toEqual({ status: "succeeded" });
    expect(judgeAttempt(410, 1)).toEqual({ status: "gone" });
    for (const code of [null, 301, 302, 400, 404, 409, 429, 500, 503]) {
      expect(judgeAttempt(code, 1, () => 0.5)).toEqual({ status: "pending", retryInMs: 10_000 });
      expect(judgeAttempt(code, 6, () => 0.5)).toEqual({ status: "pending", retryInMs: 14_400_000 });
      expect(judgeAttempt(code, 7)).toEqual({ status: "dead" });
    }
  });
});

describe("address policy (cloud mode)", () => {
  it("blocks loopback, private, link-local, unique-local, metadata and reserved addresses", () => {
    for (const ip of [
      "127.0.0.1",
      "127.8.9.10",
      "0.0.0.0",
      "10.1.2.3",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.100.100.200",
      "168.63.129.16",
      "192.0.0.192",
      "224.0.0.1",
      "255.255.255.255",
      "::1",
      "::",
      "fe80::1",
      "fe80::1%eth0",
      "fc00::1",
      "fd00:ec2::254",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::127.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2002:7f00:1::",
      "2001:0:4136:e378::1",
      "[::1]",
      "not-an-ip",
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(true);
    }
  });

  it("allows public addresses", () => {
    for (const ip of [
      "1.1.1.1",
      "8.8.8.8",
      "172.32.0.1",
      "100.128.0.1",
      "2606:4700:4700::1111",
      "::ffff:1.1.1.1",
      "2002:0808:0808::",
    ]) {
      expect(isBlockedAddress(ip), ip).toBe(false);
    }
  });

  it("refuses local names and internal literals as URL hosts", () => {
    for (const host of [
      "localhost",
      "LOCALHOST.",
      "api.localhost",
      "metadata.google.internal",
      "127.0.0.1",
      "[::1]",
      "[fd00::1]",
    ]) {
      expect(blockedHostReason(host), host).toBeDefined();
    }
    for (const host of ["hooks.example.com", "localhost.example.com", "1.1.1.1", "[2606:4700:4700::1111]"]) {
      expect(blockedHostReason(host), host).toBeUndefined();
    }
  });
});
