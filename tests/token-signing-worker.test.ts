import { generateKeyPairSync, type KeyObject } from "node:crypto";
import { compactVerify } from "jose";
import { describe, expect, it } from "vitest";
import { renderMetrics } from "@/lib/observability/metrics";
import { encodeHeader, signJwt } from "@/lib/tokens/sign-jwt";
import { signingWorkerStats, terminateSigningWorkerForTests } from "@/lib/tokens/sign-on-worker";
import type { SigningAlg } from "@/lib/tokens/signing-keys";

/**
 * Room-token signatures go to a worker thread, one message per turn of the event loop
 * (lib/tokens/sign-on-worker.ts, docs/decisions/0977). The tokens must be the same JWS the
 * synchronous call makes, whatever batch they share, and a worker that dies must cost no token.
 */
function signer(alg: SigningAlg, kid: string) {
  const pair =
    alg === "ES256" ? generateKeyPairSync("ec", { namedCurve: "P-256" }) : generateKeyPairSync("ed25519");
  return {
    signer: { alg, keyObject: pair.privateKey, header: encodeHeader(alg, kid) },
    publicKey: pair.publicKey,
  };
}

async function verify(token: string, publicKey: KeyObject, sub: string): Promise<void> {
  const { payload, protectedHeader } = await compactVerify(token, publicKey);
  expect(JSON.parse(new TextDecoder().decode(payload))).toEqual({ sub });
  expect(protectedHeader.typ).toBe("JWT");
}

describe("the token-signing worker", () => {
  it("signs every token of one turn in one batch, each with its own key", async () => {
    const es = signer("ES256", "kid-es");
    const ed = signer("EdDSA", "kid-ed");
    const before = signingWorkerStats();
    const tokens = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signJwt({ sub: `user-${i}` }, (i % 2 ? ed : es).signer)),
    );
    const after = signingWorkerStats();
    expect(after.batches - before.batches).toBe(1);
    expect(after.signatures - before.signatures).toBe(40);
    expect(after.fallbacks - before.fallbacks).toBe(0);
    await Promise.all(tokens.map((t, i) => verify(t, (i % 2 ? ed : es).publicKey, `user-${i}`)));
    // ECDSA signatures are randomised: the same claims twice are two different tokens.
    const [a, b] = await Promise.all([
      signJwt({ sub: "same" }, es.signer),
      signJwt({ sub: "same" }, es.signer),
    ]);
    expect(a).not.toBe(b);
  });

  it("sends a key to the worker once, and a new key object under an old kid is a new key", async () => {
    const first = signer("ES256", "reused-kid");
    const second = signer("ES256", "reused-kid");
    const t1 = await signJwt({ sub: "one" }, first.signer);
    const t2 = await signJwt({ sub: "two" }, second.signer);
    await verify(t1, first.publicKey, "one");
    await verify(t2, second.publicKey, "two");
    await expect(compactVerify(t2, first.publicKey)).rejects.toThrow();
  });

  it("rejects a signature its key cannot make, and still signs the rest of the batch", async () => {
    const good = signer("ES256", "good");
    const publicOnly = { ...good.signer, keyObject: good.publicKey };
    const [bad, ok] = await Promise.allSettled([
      signJwt({ sub: "bad" }, publicOnly),
      signJwt({ sub: "ok" }, good.signer),
    ]);
    expect(bad.status).toBe("rejected");
    expect(bad.status === "rejected" && String(bad.reason)).toMatch(/signing failed/);
    expect(ok.status).toBe("fulfilled");
    if (ok.status === "fulfilled") await verify(ok.value, good.publicKey, "ok");
  });

  it("signs on the thread pool what a dead worker held, and starts a new worker after it", async () => {
    const es = signer("ES256", "crash");
    await signJwt({ sub: "warm" }, es.signer);
    const before = signingWorkerStats();
    // Enough signatures (at least 150 ms of the worker's CPU) that it is still busy with them when
    // it is ended: terminate() is called in the same turn as the batch is posted.
    const pending = Array.from({ length: 10_000 }, (_, i) => signJwt({ sub: `c-${i}` }, es.signer));
    await new Promise((resolve) => setImmediate(resolve));
    await terminateSigningWorkerForTests();
    const tokens = await Promise.all(pending);
    const mid = signingWorkerStats();
    expect(mid.fallbacks - before.fallbacks).toBe(10_000);
    await Promise.all(tokens.slice(0, 50).map((t, i) => verify(t, es.publicKey, `c-${i}`)));
    const after = await signJwt({ sub: "again" }, es.signer);
    await verify(after, es.publicKey, "again");
    const end = signingWorkerStats();
    expect(end.workersStarted - mid.workersStarted).toBe(1);
    expect(end.fallbacks).toBe(mid.fallbacks);
    // Operators see where signatures were made (GET /metrics).
    const { body } = await renderMetrics();
    const count = (signerLabel: string) =>
      Number(
        body.match(
          new RegExp(`^token_signatures_total\\{[^}]*signer="${signerLabel}"[^}]*\\} (\\d+)$`, "m"),
        )?.[1],
      );
    expect(count("thread_pool")).toBe(end.fallbacks);
    // Made by a worker: all it was sent but the 10,000 it died holding and the one it refused above.
    expect(count("worker")).toBe(end.signatures - end.fallbacks - 1);
  });
});
