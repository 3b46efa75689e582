import { randomBytes } from "node:crypto";

/**
 * docs/spec/product-decisions.md §6: `whsec_` plus 32 random bytes in standard base64 (with padding), so the Standard
 * Webhooks libraries accept the secret exactly as shown (docs/decisions/0940). Secrets issued
 * before were base64url; they stay valid (see `standardKeyBytes`).
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * The Standard Webhooks HMAC key: the bytes the part after `whsec_` encodes. Node's base64 decoder
 * reads both alphabets, so a base64url secret issued before this format decodes to its same bytes.
 */
export function standardKeyBytes(secret: string): Buffer {
  return Buffer.from(secret.replace(/^whsec_/, ""), "base64");
}

/** Key ids are `v1`, `v2`, …: rotation takes the next number. */
export function kidNumber(kid: string): number {
  const m = /^v(\d+)$/.exec(kid);
  return m ? Number(m[1]) : 0;
}

export function nextKid(existing: string[]): string {
  return `v${Math.max(0, ...existing.map(kidNumber)) + 1}`;
}
