import { WebhookVerificationError } from "../errors.js";
import type { WebhookEventMap } from "../generated/api.js";

/** Every event type this version knows (the API document's `webhooks`). */
export type WebhookEventType = keyof WebhookEventMap;

/**
 * A verified webhook event: a union discriminated by `type`, so `event.type === "room.ended"`
 * narrows `event.data.object` to a `Room`. New event types may appear in a minor version: keep a
 * `default` branch in a `switch` over `event.type`.
 */
export type WebhookEvent = WebhookEventMap[WebhookEventType];

/** The event of one type. */
export type WebhookEventOf<T extends WebhookEventType> = WebhookEventMap[T];

/** Request headers as a web `Headers`, or a plain object (Node's `req.headers`, any case). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * The endpoint's signing secret(s) (`whsec_…`). During a rotation pass several: an array, or an
 * object by key id (`{ v1: "whsec_…", v2: "whsec_…" }`) so the `X-SVC-Webhook-Kid` picks first.
 */
export type WebhookSecrets = string | readonly string[] | Readonly<Record<string, string>>;

export interface VerifyWebhookOptions {
  /** Largest difference between the delivery's timestamp and now, either way (seconds, default 300: docs/spec/service-spec.md's 5 minutes). */
  toleranceSeconds?: number;
  /** The current time (epoch ms or a Date); for tests and replays. */
  now?: number | Date;
}

interface Secret {
  kid: string | undefined;
  secret: string;
}

const encoder = new TextEncoder();

function headerOf(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const found = record[name] ?? Object.entries(record).find(([k]) => k.toLowerCase() === name)?.[1];
  return typeof found === "string" ? found : found?.[0];
}

function secretsOf(secrets: WebhookSecrets): Secret[] {
  if (typeof secrets === "string") return [{ kid: undefined, secret: secrets }];
  if (Array.isArray(secrets))
    return (secrets as readonly string[]).map((secret) => ({ kid: undefined, secret }));
  return Object.entries(secrets as Readonly<Record<string, string>>).map(([kid, secret]) => ({
    kid,
    secret,
  }));
}

function bytesOf(body: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof body === "string") return encoder.encode(body);
  return body instanceof Uint8Array ? body : new Uint8Array(body);
}

/** Standard or URL-safe base64, with or without padding; undefined when it is not base64. */
export function decodeBase64(value: string): Uint8Array | undefined {
  const std = value.trim().replaceAll("-", "+").replaceAll("_", "/").replace(/=+$/, "");
  if (!/^[A-Za-z0-9+/]*$/.test(std) || std.length % 4 === 1) return undefined;
  const binary = atob(std.padEnd(Math.ceil(std.length / 4) * 4, "="));
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** RFC 3339 (any fraction length, `Z` or an offset) to epoch ms; undefined when it is not one. */
export function parseRfc3339(value: string): number | undefined {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/.exec(
      value,
    );
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac = "", z, sign, oh, om] = m;
  const base = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(base)) return undefined;
  const offsetMs = z ? 0 : (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return base + (frac ? Number(`0.${frac}`) * 1000 : 0) - offsetMs;
}

// Imported HMAC keys, by scheme and secret: importing costs more than verifying. Bounded.
const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(scheme: "svc" | "std", raw: Uint8Array, id: string): Promise<CryptoKey> {
  const cacheKey = `${scheme}:${id}`;
  let key = keys.get(cacheKey);
  if (!key) {
    if (keys.size >= 64) keys.clear();
    key = crypto.subtle.importKey(
      "raw",
      raw as Uint8Array<ArrayBuffer>,
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["verify"],
    );
    keys.set(cacheKey, key);
  }
  return key;
}

function concat(prefix: string, body: Uint8Array): Uint8Array<ArrayBuffer> {
  const head = encoder.encode(prefix);
  const out = new Uint8Array(head.length + body.length);
  out.set(head, 0);
  out.set(body, head.length);
  return out;
}

/**
 * `crypto.subtle.verify` compares the MACs itself, in constant time: the expected signature never
 * reaches JavaScript, so no early-exit comparison can leak how much of a forged one matched.
 */
async function hmacMatches(
  key: CryptoKey,
  signature: Uint8Array,
  data: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  if (signature.length !== 32) return false;
  return crypto.subtle.verify("HMAC", key, signature as Uint8Array<ArrayBuffer>, data);
}

/** docs/spec/service-spec.md's scheme: HMAC-SHA256 keyed with the whole secret string over `<X-SVC-Webhook-Ts>.<body>`. */
async function svcSignatureValid(
  secrets: Secret[],
  kid: string | undefined,
  ts: string,
  sig: string,
  body: Uint8Array,
) {
  const signature = decodeBase64(sig);
  if (!signature) return false;
  const data = concat(`${ts}.`, body);
  // The named key id first; the others too, since a receiver may not label its secrets.
  const ordered = [...secrets.filter((s) => s.kid === kid), ...secrets.filter((s) => s.kid !== kid)];
  for (const s of ordered) {
    if (await hmacMatches(await hmacKey("svc", encoder.encode(s.secret), s.secret), signature, data))
      return true;
  }
  return false;
}

/**
 * Standard Webhooks (docs/decisions/0940): `v1,<base64>` entries over `<webhook-id>.<webhook-timestamp>.<body>`,
 * keyed with the bytes the secret's part after `whsec_` encodes.
 */
async function standardSignatureValid(
  secrets: Secret[],
  id: string,
  ts: string,
  header: string,
  body: Uint8Array,
) {
  const signatures = header
    .split(" ")
    .map((entry) => entry.split(","))
    .filter(([version, value]) => version === "v1" && value)
    .map(([, value]) => decodeBase64(value ?? ""))
    .filter((v): v is Uint8Array => v !== undefined);
  if (signatures.length === 0) return false;
  const data = concat(`${id}.${ts}.`, body);
  for (const s of secrets) {
    const raw = decodeBase64(s.secret.replace(/^whsec_/, ""));
    if (!raw || raw.length === 0) continue;
    const key = await hmacKey("std", raw, s.secret);
    for (const signature of signatures) if (await hmacMatches(key, signature, data)) return true;
  }
  return false;
}

/**
 * Verifies a webhook delivery and returns its event, typed by `type`. Accepts both schemes every
 * delivery carries, docs/spec/service-spec.md's `X-SVC-Webhook-*` headers and Standard Webhooks' `webhook-*`
 * headers: a delivery passes when either signature matches one of `secrets` and that scheme's
 * timestamp is within `toleranceSeconds` of now. Pass the raw body exactly as received (before any
 * JSON parsing: re-serialised JSON does not match). Runs on any runtime with Web Crypto.
 *
 * Dedupe on `event.id` (the same on every attempt of one delivery): delivery is at-least-once.
 *
 * @example
 * const event = await verifyWebhook(rawBody, req.headers, process.env.SVC_WEBHOOK_SECRET!);
 * if (event.type === "room.ended") console.log(event.data.object.short_code);
 * @throws {WebhookVerificationError} `missing_headers`, `invalid_signature`, `timestamp_out_of_range`,
 *   `invalid_timestamp`, `invalid_payload` or `no_secret`.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array | ArrayBuffer,
  headers: WebhookHeaders,
  secrets: WebhookSecrets,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const list = secretsOf(secrets).filter((s) => typeof s.secret === "string" && s.secret.length > 0);
  if (list.length === 0) throw new WebhookVerificationError("no_secret", "No signing secret was given.");
  const body = bytesOf(rawBody);
  const now = options.now instanceof Date ? options.now.getTime() : (options.now ?? Date.now());
  const toleranceMs = (options.toleranceSeconds ?? 300) * 1000;

  const svcTs = headerOf(headers, "x-svc-webhook-ts");
  const svcSig = headerOf(headers, "x-svc-webhook-sig");
  const stdId = headerOf(headers, "webhook-id");
  const stdTs = headerOf(headers, "webhook-timestamp");
  const stdSig = headerOf(headers, "webhook-signature");
  const hasSvc = Boolean(svcTs && svcSig);
  const hasStd = Boolean(stdId && stdTs && stdSig);
  if (!hasSvc && !hasStd) {
    throw new WebhookVerificationError(
      "missing_headers",
      "The request carries neither X-SVC-Webhook-Ts/-Sig nor webhook-id/-timestamp/-signature.",
    );
  }

  let signedAt: number | undefined;
  if (hasSvc && svcTs && svcSig) {
    const kid = headerOf(headers, "x-svc-webhook-kid");
    if (await svcSignatureValid(list, kid, svcTs, svcSig, body)) {
      signedAt = parseRfc3339(svcTs);
      if (signedAt === undefined)
        throw new WebhookVerificationError("invalid_timestamp", "X-SVC-Webhook-Ts is not RFC 3339.");
    }
  }
  if (signedAt === undefined && hasStd && stdId && stdTs && stdSig) {
    if (await standardSignatureValid(list, stdId, stdTs, stdSig, body)) {
      if (!/^\d{1,12}$/.test(stdTs))
        throw new WebhookVerificationError("invalid_timestamp", "webhook-timestamp is not Unix seconds.");
      signedAt = Number(stdTs) * 1000;
    }
  }
  if (signedAt === undefined) {
    throw new WebhookVerificationError("invalid_signature", "No signature matches the given secret(s).");
  }
  // Standard Webhooks' timestamp has whole seconds: allow the second it truncates.
  if (signedAt - now > toleranceMs || now - signedAt > toleranceMs + 1000) {
    throw new WebhookVerificationError(
      "timestamp_out_of_range",
      `The delivery was signed ${Math.round((now - signedAt) / 1000)} s from now; at most ${toleranceMs / 1000} s is accepted.`,
    );
  }

  let event: unknown;
  try {
    event = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    throw new WebhookVerificationError("invalid_payload", "The body is not JSON.");
  }
  if (typeof event !== "object" || event === null || typeof (event as { type?: unknown }).type !== "string") {
    throw new WebhookVerificationError("invalid_payload", "The body is not an event (no `type`).");
  }
  return event as WebhookEvent;
}
