import { generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, MAX_CONCURRENT_DERIVATIONS, verifyPassword } from "@/lib/auth/password";
import { encodeHeader, signJwt } from "@/lib/tokens/sign-jwt";

/**
 * Password derivations (scrypt, 50–100 ms each) and room-token signatures share libuv's thread
 * pool (4 threads by default). A burst of sign-ins must leave room for signatures: derivations
 * run at most MAX_CONCURRENT_DERIVATIONS at a time (docs/decisions/0971).
 */
const signer = {
  alg: "ES256" as const,
  keyObject: generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey,
  header: encodeHeader("ES256", "test-kid"),
};

describe("password derivations leave the thread pool to token signatures", () => {
  it("signs a token while a burst of sign-ins is still being verified", async () => {
    expect(MAX_CONCURRENT_DERIVATIONS).toBeLessThan(4);
    const stored = await hashPassword("correct horse battery staple");
    const events: string[] = [];
    // More verifications than the pool has threads: uncapped, every thread would run scrypt and
    // the signature would wait for the first of them to finish.
    const burst = Array.from({ length: 8 }, (_, i) =>
      verifyPassword(i % 2 ? "wrong" : "correct horse battery staple", stored).then((ok) => {
        events.push(`hash ${i}`);
        return ok;
      }),
    );
    const token = await signJwt({ sub: "alice" }, signer);
    events.push("signed");
    const results = await Promise.all(burst);
    expect(token.split(".")).toHaveLength(3);
    expect(events[0]).toBe("signed");
    expect(results).toEqual([true, false, true, false, true, false, true, false]);
  });

  it("runs waiting derivations in turn, and a failed one frees its slot", async () => {
    const stored = await hashPassword("pw");
    // N=3 is not a power of two: scrypt refuses it, and the slot must still be released.
    const broken = "scrypt$3$8$1$c2FsdA$aGFzaA";
    const settled = await Promise.allSettled([
      ...Array.from({ length: 3 }, () => verifyPassword("pw", broken)),
      ...Array.from({ length: 4 }, () => verifyPassword("pw", stored)),
    ]);
    expect(settled.slice(0, 3).every((s) => s.status === "rejected")).toBe(true);
    expect(settled.slice(3)).toEqual(Array.from({ length: 4 }, () => ({ status: "fulfilled", value: true })));
  });
});
