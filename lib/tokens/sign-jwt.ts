import { sign } from "node:crypto";
import type { SigningAlg, SigningKey } from "@/lib/tokens/signing-keys";

/**
 * A compact JWS of `payload`, signed with node:crypto. Room tokens are the hot path (issue 15):
 * jose's WebCrypto route cost 0.13 ms per ES256 signature here, node:crypto's sign 0.03 ms for the
 * same bytes. jose still verifies (tests, tokens:rotate-key) and builds the JWKS; the interop
 * tests verify these tokens with jose, jsonwebtoken + jwks-rsa (docs/decisions/0864).
 */
export function signJwt(
  payload: Record<string, unknown>,
  signer: Pick<SigningKey, "alg" | "keyObject" | "header">,
): string {
  const input = `${signer.header}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  // ES256 is raw r||s (ieee-p1363), as JWS requires; Ed25519 takes no digest name.
  const signature =
    signer.alg === "ES256"
      ? sign("sha256", Buffer.from(input), { key: signer.keyObject, dsaEncoding: "ieee-p1363" })
      : sign(null, Buffer.from(input), signer.keyObject);
  return `${input}.${signature.toString("base64url")}`;
}

/** The protected header of every token one key signs: encoded once per key, not per token. */
export function encodeHeader(alg: SigningAlg, kid: string): string {
  return Buffer.from(JSON.stringify({ alg, kid, typ: "JWT" })).toString("base64url");
}
