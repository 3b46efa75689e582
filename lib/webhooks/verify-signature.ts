import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { VERIFY_FAILURES } from "@/db/enums";

/**
 * Receiver-side verification (docs/spec/service-spec.md "Verification rules for receivers"). Dependency-free on purpose:
 * it is what the standalone receiver in docs/webhooks.md shows, and the tests pin it to fixed vectors.
 */

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookInput {
  headers: WebhookHeaders;
  /** The body exactly as received: verify before parsing JSON. */
  rawBody: string | Uint8Array;
  /** The endpoint's secret, or secrets by key id during a rotation (`{ v1: "whsec_…", v2: … }`). */
  secrets: string | Record<string, string>;
  /** Allowed clock difference in seconds, either direction (default 300). */
  toleranceSec?: number;
  /** Epoch milliseconds (tests). */
  now?: number;
}

/** Why a delivery failed verification; the list lives in db/enums.ts (a CHECK constraint uses it). */
export type VerifyFailure = (typeof VERIFY_FAILURES)[number];

export type VerifyWebhookResult =
  | { ok: true; id: string; type: string; kid: string; attempt: number; timestamp: string }
  | { ok: false; reason: VerifyFailure };

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const wanted = name.toLowerCase();
  for (const [k, v] of Object.entries(headers)) {
    if (k.toLowerCase() === wanted) return Array.isArray(v) ? v[0] : v;
  }
  return undefined;
}

function timestampMs(value: string): number | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/i.exec(value);
  if (!m) return undefined;
  const ms = Date.parse(`${m[1]}Z`);
  return Number.isNaN(ms) ? undefined : ms + (m[2] ? Number(`0.${m[2]}`) * 1000 : 0);
}

function constantTimeEqual(a: string, b: string): boolean {
  // Fixed-size digests: equal lengths for timingSafeEqual, and no early exit on a length mismatch.
  const da = createHash("sha256").update(a).digest();
  const db = createHash("sha256").update(b).digest();
  return timingSafeEqual(da, db);
}

export function verifyWebhook(input: VerifyWebhookInput): VerifyWebhookResult {
  const id = header(input.headers, "x-svc-webhook-id");
  const type = header(input.headers, "x-svc-webhook-type");
  const ts = header(input.headers, "x-svc-webhook-ts");
  const sig = header(input.headers, "x-svc-webhook-sig");
  const kid = header(input.headers, "x-svc-webhook-kid");
  const attempt = Number(header(input.headers, "x-svc-webhook-attempt") ?? "0");
  if (!id || !type || !ts || !sig || !kid) return { ok: false, reason: "missing_headers" };

  const secret = typeof input.secrets === "string" ? input.secrets : input.secrets[kid];
  if (!secret) return { ok: false, reason: "unknown_kid" };

  const sent = timestampMs(ts);
  if (sent === undefined) return { ok: false, reason: "invalid_timestamp" };
  const tolerance = (input.toleranceSec ?? 300) * 1000;
  if (Math.abs((input.now ?? Date.now()) - sent) > tolerance) {
    return { ok: false, reason: "timestamp_out_of_tolerance" };
  }

  const expected = createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(`${ts}.`, "utf8")
    .update(input.rawBody)
    .digest("base64");
  if (!constantTimeEqual(expected.replace(/=+$/, ""), sig.trim().replace(/=+$/, ""))) {
    return { ok: false, reason: "signature_mismatch" };
  }
  return { ok: true, id, type, kid, attempt, timestamp: ts };
}
