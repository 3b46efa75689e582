import { createHmac } from "node:crypto";

/**
 * The signature of docs/spec/service-spec.md's Events part: standard base64 of HMAC-SHA-256 over
 * `<timestamp header> "." <raw body bytes>`, keyed with the UTF-8 bytes of the whole secret,
 * without `=` padding.
 */
export function signWebhook(secret: string, timestamp: string, rawBody: string | Buffer): string {
  return createHmac("sha256", Buffer.from(secret, "utf8"))
    .update(`${timestamp}.`, "utf8")
    .update(rawBody)
    .digest("base64")
    .replace(/=+$/, "");
}

/**
 * Standard Webhooks' `webhook-signature` entry: `v1,` plus standard base64 (padded) of HMAC-SHA-256
 * over `<webhook-id>.<webhook-timestamp>.<raw body>`, keyed with the secret's decoded bytes.
 */
export function signStandardWebhook(
  key: Buffer,
  id: string,
  unixSeconds: number,
  rawBody: string | Buffer,
): string {
  const mac = createHmac("sha256", key).update(`${id}.${unixSeconds}.`, "utf8").update(rawBody);
  return `v1,${mac.digest("base64")}`;
}

/**
 * Now, in epoch milliseconds with a sub-millisecond fraction: the wall clock's millisecond (what
 * receivers compare with their own clocks) plus the high-resolution clock's fraction. Not
 * `performance.timeOrigin + performance.now()`: the monotonic clock drifts from the wall clock
 * over a process's life (1.8 ms was seen within minutes), so its sum is not the wall-clock instant.
 */
export function nowEpochMs(): number {
  return Date.now() + (performance.now() % 1);
}

/** RFC 3339 UTC with nine fractional digits (`2026-11-22T10:00:00.123456789Z`). */
export function rfc3339Nano(epochMs: number = nowEpochMs()): string {
  const wholeMs = Math.floor(epochMs);
  const subMsNanos = Math.min(999_999, Math.floor((epochMs - wholeMs) * 1_000_000));
  const iso = new Date(wholeMs).toISOString(); // …T10:00:00.123Z
  return `${iso.slice(0, 23)}${String(subMsNanos).padStart(6, "0")}Z`;
}

/** Parses an RFC 3339 timestamp (any fraction length, `Z` or an offset) to epoch milliseconds. */
export function parseRfc3339(value: string): number | undefined {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/.exec(
      value,
    );
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac = "", z, sign, oh, om] = m;
  const base = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(base)) return undefined;
  const fractionMs = frac ? Number(`0.${frac}`) * 1000 : 0;
  const offsetMs = z ? 0 : (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om)) * 60_000;
  return base + fractionMs - offsetMs;
}
