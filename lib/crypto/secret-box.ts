import { createCipheriv, createDecipheriv, hash, randomBytes, timingSafeEqual } from "node:crypto";
import { getEncryptionKey } from "@/lib/secrets";

/** AES-256-GCM for secrets at rest: `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function encryptSecret(plaintext: string, key: Buffer = getEncryptionKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [
    "v1",
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    ct.toString("base64url"),
  ].join(".");
}

export function decryptSecret(boxed: string, key: Buffer = getEncryptionKey()): string {
  const [version, iv, tag, ct] = boxed.split(".");
  if (version !== "v1" || !iv || !tag || ct === undefined) throw new Error("Unrecognised secret box format");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}

/**
 * Node's one-shot digest (20.12+): no Hash object per call. It runs on every project-key request
 * (the room-token hot path, issue 15), where a Hash object cost about three times as much.
 */
export function sha256Hex(value: string): string {
  return hash("sha256", value, "hex");
}

/** Constant-time string equality (lib/crypto/safe-equal.ts). */
export { safeEqual } from "@/lib/crypto/safe-equal";

/**
 * Constant-time equality for values whose length is no secret (SHA-256 hex digests, ids of one
 * format): different lengths are simply unequal, equal lengths compare every byte. Four fewer
 * digests than safeEqual on the room-token hot path.
 */
export function publicLengthEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a, "utf8");
  const bb = Buffer.from(b, "utf8");
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}
