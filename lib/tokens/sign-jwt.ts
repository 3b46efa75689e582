import { derToJoseSignature } from "@/lib/crypto/ecdsa-signature";
import { signOnWorker } from "@/lib/tokens/sign-on-worker";
import type { SigningAlg, SigningKey } from "@/lib/tokens/signing-keys";

/**
 * A compact JWS of `payload`, signed with node:crypto. Room tokens are the hot path (issue 15):
 * jose's WebCrypto route cost 0.13 ms per ES256 signature here, node:crypto's sign 0.03 ms for the
 * same bytes. jose still verifies (tests, tokens:rotate-key) and builds the JWKS; the interop
 * tests verify these tokens with jose, jsonwebtoken + jwks-rsa (docs/decisions/0864).
 *
 * The signature is made on the token-signing worker, batched per turn of the event loop
 * (lib/tokens/sign-on-worker.ts, docs/decisions/0977): with it the token route serves as many
 * requests per second as Next's empty route, against 0.80–0.84 of it with one thread-pool job per
 * signature (0971).
 */
export async function signJwt(
  payload: Record<string, unknown>,
  signer: Pick<SigningKey, "alg" | "keyObject" | "header">,
): Promise<string> {
  const input = `${signer.header}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  // The bare KeyObject, not an options object; Ed25519 takes no digest name.
  const signature = await signOnWorker(signer.alg === "ES256" ? "sha256" : null, input, signer.keyObject);
  // ES256 is raw r||s, as JWS requires: OpenSSL writes DER, converted here (not through
  // `dsaEncoding`, which doubles the cost of a signature since Node 24: decision 0975).
  const raw = signer.alg === "ES256" ? derToJoseSignature(signature, 32) : signature;
  return `${input}.${raw.toString("base64url")}`;
}

/** The protected header of every token one key signs: encoded once per key, not per token. */
export function encodeHeader(alg: SigningAlg, kid: string): string {
  return Buffer.from(JSON.stringify({ alg, kid, typ: "JWT" })).toString("base64url");
}
