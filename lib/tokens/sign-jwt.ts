import { sign } from "node:crypto";
import { derToJoseSignature } from "@/lib/crypto/ecdsa-signature";
import type { SigningAlg, SigningKey } from "@/lib/tokens/signing-keys";

/**
 * A compact JWS of `payload`, signed with node:crypto. Room tokens are the hot path (issue 15):
 * jose's WebCrypto route cost 0.13 ms per ES256 signature here, node:crypto's sign 0.03 ms for the
 * same bytes. jose still verifies (tests, tokens:rotate-key) and builds the JWKS; the interop
 * tests verify these tokens with jose, jsonwebtoken + jwks-rsa (docs/decisions/0864).
 *
 * The signature runs on libuv's thread pool (`sign` with a callback), not on the event loop: in a
 * tight loop the synchronous call costs 0.03 ms, but inside the loaded server it measured 0.09–0.12
 * ms of the main thread per token, and the server's main thread per token went from 2.0–2.1 ms to
 * 1.6–1.7 ms once it moved (docs/decisions/0971; a microbenchmark had said the opposite).
 */
export function signJwt(
  payload: Record<string, unknown>,
  signer: Pick<SigningKey, "alg" | "keyObject" | "header">,
): Promise<string> {
  const input = `${signer.header}.${Buffer.from(JSON.stringify(payload)).toString("base64url")}`;
  return new Promise((resolve, reject) => {
    const done = (err: Error | null, signature: Buffer) => {
      if (err) return reject(err);
      try {
        // ES256 is raw r||s, as JWS requires: OpenSSL writes DER, converted here (not through
        // `dsaEncoding`, which doubles the cost of a signature since Node 24: decision 0975).
        const raw = signer.alg === "ES256" ? derToJoseSignature(signature, 32) : signature;
        resolve(`${input}.${raw.toString("base64url")}`);
      } catch (e) {
        reject(e);
      }
    };
    // The bare KeyObject, not an options object; Ed25519 takes no digest name.
    sign(signer.alg === "ES256" ? "sha256" : null, Buffer.from(input), signer.keyObject, done);
  });
}

/** The protected header of every token one key signs: encoded once per key, not per token. */
export function encodeHeader(alg: SigningAlg, kid: string): string {
  return Buffer.from(JSON.stringify({ alg, kid, typ: "JWT" })).toString("base64url");
}
