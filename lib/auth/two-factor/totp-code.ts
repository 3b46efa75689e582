import { Secret, TOTP } from "otpauth";

/**
 * RFC 6238 TOTP as every authenticator app speaks it: SHA-1, 6 digits, 30-second steps
 * (docs/decisions/1260). A code is accepted for its own step and one on each side (clock drift);
 * the caller refuses a step at or below the last one accepted, so a code works once.
 */
export const TOTP_PERIOD_SEC = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted on each side of now. */
const WINDOW = 1;
/** How far back a code is still recognised, to say "expired" rather than "wrong". */
const RECOGNISED = 20;
const ISSUER = "SVC";

/** A fresh 160-bit secret, in the base32 an authenticator app accepts. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totpFor(secretBase32: string, label = "account"): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SEC,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The `otpauth://totp/...` URI an app scans (Key Uri Format). */
export function otpauthUrl(secretBase32: string, email: string): string {
  return totpFor(secretBase32, email).toString();
}

/** The code an authenticator shows at `at` (tests and the docs' examples). */
export function totpCodeAt(secretBase32: string, at: Date = new Date()): string {
  return totpFor(secretBase32).generate({ timestamp: at.getTime() });
}

export type CodeCheck = { ok: true; step: number } | { ok: false; reason: "expired" | "wrong" };

/** Which time step `code` belongs to, if it is current; "expired" when it was valid minutes ago. */
export function checkTotpCode(secretBase32: string, code: string, at: Date = new Date()): CodeCheck {
  const totp = totpFor(secretBase32);
  const now = totp.counter({ timestamp: at.getTime() });
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: WINDOW });
  if (delta !== null) return { ok: true, step: now + delta };
  const past = at.getTime() - (RECOGNISED - WINDOW) * TOTP_PERIOD_SEC * 1000;
  const old = totp.validate({ token: code, timestamp: past, window: RECOGNISED - WINDOW - 1 });
  return { ok: false, reason: old !== null ? "expired" : "wrong" };
}
