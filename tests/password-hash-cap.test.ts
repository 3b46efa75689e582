import { generateKeyPairSync, sign } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, MAX_CONCURRENT_DERIVATIONS, verifyPassword } from "@/lib/auth/password";

/**
 * Password derivations (scrypt, 50–100 ms each) run on libuv's thread pool (4 threads by default),
 * with response compression, file reads, DNS lookups and, when the token-signing worker has failed,
 * room-token signatures (docs/decisions/0977). A burst of sign-ins must leave room for them:
 * derivations run at most MAX_CONCURRENT_DERIVATIONS at a time (docs/decisions/0971). The job
 * timed here is that fallback signature, one `sign` with a callback.
 */
const keyObject = generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
const signOnPool = (): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    sign("sha256", Buffer.from("header.payload"), keyObject, (err, signature) =>
      err ? reject(err) : resolve(signature),
    ),
  );

describe("password derivations leave the thread pool to other work", () => {
  it("signs on the pool while a burst of sign-ins is still being verified", async () => {
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
    const signature = await signOnPool();
    events.push("signed");
    const results = await Promise.all(burst);
    expect(signature.length).toBeGreaterThan(64);
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
