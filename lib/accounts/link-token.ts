import { randomBytes } from "node:crypto";
import { sha256Hex } from "@/lib/crypto/secret-box";
import { env } from "@/lib/env";

/**
 * The secret of an emailed link (invitation, sign-up verification, password reset): 256 random
 * bits. The token tables keep only its SHA-256 (a lookup by hash needs no constant-time compare:
 * the hash of a guess reveals nothing about the stored one), and the email that carries it keeps
 * it only sealed with the key from the environment, until it is sent or expires
 * (lib/email/seal.ts, docs/decisions/1011): a database reader opens no link.
 */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return sha256Hex(token);
}

/** `{SVC_BASE_URL}/<page>/<token>`: the console page that completes the step. */
export function linkUrl(page: "accept-invite" | "verify-email" | "reset-password", token: string): string {
  return `${env.baseUrl}/${page}/${token}`;
}
