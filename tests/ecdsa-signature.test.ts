import { generateKeyPairSync, randomBytes, sign, verify } from "node:crypto";
import { describe, expect, it } from "vitest";
import { derToJoseSignature } from "@/lib/crypto/ecdsa-signature";

const hex = (s: string) => Buffer.from(s.replace(/\s+/g, ""), "hex");

/** Room tokens' ES256 signatures: OpenSSL's DER turned into JWS's r||s (docs/decisions/0975). */
describe("derToJoseSignature", () => {
  it("gives what node:crypto verifies as IEEE P1363, for every shape of r and s OpenSSL writes", () => {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    // Half the integers have their high bit set (DER adds 0x00); 1 in 512 is under 2^247 and so a
    // byte shorter (padded here). Sign until both shapes have come up five times: about 1,300
    // signatures on average; 40,000 integers without five short ones has odds below 1e-25.
    let padded = 0;
    let short = 0;
    let signed = 0;
    while ((padded < 5 || short < 5) && signed < 20_000) {
      const data = randomBytes(64);
      const der = sign("sha256", data, privateKey);
      const rLength = der[3] ?? 0;
      const sLength = der[5 + rLength] ?? 0;
      for (const n of [rLength, sLength]) {
        if (n === 33) padded++;
        if (n < 32) short++;
      }
      const raw = derToJoseSignature(der, 32);
      expect(raw.length).toBe(64);
      expect(verify("sha256", data, { key: publicKey, dsaEncoding: "ieee-p1363" }, raw)).toBe(true);
      signed++;
    }
    expect(padded).toBeGreaterThanOrEqual(5);
    expect(short).toBeGreaterThanOrEqual(5);
  });

  it("pads a short integer on the left and drops DER's sign byte", () => {
    // r = 0x00 0x80 followed by 31 bytes (33 in DER), s = 0x7f followed by 30 bytes (31 in DER).
    const r = `80${"11".repeat(31)}`;
    const s = `7f${"22".repeat(30)}`;
    const der = hex(`30 44 02 21 00${r} 02 1f ${s}`);
    expect(derToJoseSignature(der, 32).toString("hex")).toBe(`${r}00${s}`);
  });

  it("throws on anything but a well-formed signature of the expected size", () => {
    const good = hex(`30 44 02 20 ${"01".repeat(32)} 02 20 ${"02".repeat(32)}`);
    expect(derToJoseSignature(good, 32).length).toBe(64);
    const bad: Array<[string, Buffer]> = [
      ["empty", Buffer.alloc(0)],
      ["no SEQUENCE", hex(`31 44 02 20 ${"01".repeat(32)} 02 20 ${"02".repeat(32)}`)],
      ["truncated", good.subarray(0, 40)],
      ["SEQUENCE length", hex(`30 45 02 20 ${"01".repeat(32)} 02 20 ${"02".repeat(32)}`)],
      ["trailing bytes", Buffer.concat([good, hex("00")])],
      ["no INTEGER", hex(`30 44 04 20 ${"01".repeat(32)} 02 20 ${"02".repeat(32)}`)],
      ["INTEGER too large", hex(`30 46 02 22 ${"01".repeat(34)} 02 20 ${"02".repeat(32)}`)],
      ["33 bytes without a sign byte", hex(`30 45 02 21 ${"01".repeat(33)} 02 20 ${"02".repeat(32)}`)],
      ["empty INTEGER", hex(`30 24 02 00 02 20 ${"02".repeat(32)}`)],
      ["long length form", hex(`30 82 00 44 02 20 ${"01".repeat(32)} 02 20 ${"02".repeat(32)}`)],
    ];
    for (const [why, der] of bad) {
      expect(() => derToJoseSignature(der, 32), why).toThrow(/not a DER ECDSA signature/);
    }
  });
});
