import { randomBytes } from "node:crypto";

/** Decisions §6: `whsec_` plus 32 random bytes in base64url; the HMAC key is the whole string. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

/** Key ids are `v1`, `v2`, …: rotation takes the next number. */
export function kidNumber(kid: string): number {
  const m = /^v(\d+)$/.exec(kid);
  return m ? Number(m[1]) : 0;
}

export function nextKid(existing: string[]): string {
  return `v${Math.max(0, ...existing.map(kidNumber)) + 1}`;
}
