import { sign } from "node:crypto";
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
    const done = (err: Error | null, signature: Buffer) =>
      err ? reject(err) : resolve(`${input}.${signature.toString("base64url")}`);
    // ES256 is raw r||s (ieee-p1363), as JWS requires; Ed25519 takes no digest name.
    if (signer.alg === "ES256")
      sign("sha256", Buffer.from(input), { key: signer.keyObject, dsaEncoding: "ieee-p1363" }, done);
    else sign(null, Buffer.from(input), signer.keyObject, done);
  });
}

/** The protected header of every token one key signs: encoded once per key, not per token. */
export function encodeHeader(alg: SigningAlg, kid: string): string {
  return Buffer.from(JSON.stringify({ alg, kid, typ: "JWT" })).toString("base64url");
}
