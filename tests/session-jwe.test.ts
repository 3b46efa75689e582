import { hkdfSync } from "node:crypto";
import { EncryptJWT } from "jose";
import { decode, encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { openSessionJwe } from "@/lib/auth/session-jwe";

/** Session tokens are issued by next-auth (encode) and opened by lib/auth/session-jwe.ts. */
const secret = "session-jwe-test-secret-0123456789abcdef";
const claims = { sub: "usr_1", sid: "ses_1", oid: "org_1", email: "a@example.test", name: "Ada" };
const nextAuthKey = (s: string) =>
  new Uint8Array(hkdfSync("sha256", s, "", "NextAuth.js Generated Encryption Key", 32));

/** Flips one base64url character of part `i` of the compact JWE. */
function tamper(token: string, i: number): string {
  const parts = token.split(".");
  const p = parts[i] ?? "";
  const at = Math.floor(p.length / 2);
  parts[i] = p.slice(0, at) + (p[at] === "A" ? "B" : "A") + p.slice(at + 1);
  return parts.join(".");
}

describe("session tokens (next-auth v4 JWE)", () => {
  it("opens what next-auth encodes, with the same claims next-auth's own decode returns", async () => {
    const token = await encode({ token: claims, secret, maxAge: 3600 });
    const opened = openSessionJwe(token, secret);
    expect(opened).toMatchObject(claims);
    expect(opened).toEqual(await decode({ token, secret }));
  });

  it("refuses a token sealed with another secret", async () => {
    const token = await encode({ token: claims, secret: `${secret}-other`, maxAge: 3600 });
    expect(openSessionJwe(token, secret)).toBeNull();
  });

  it("refuses any changed part: header, IV, ciphertext, tag", async () => {
    const token = await encode({ token: claims, secret, maxAge: 3600 });
    for (const part of [0, 2, 3, 4]) expect(openSessionJwe(tamper(token, part), secret)).toBeNull();
  });

  it("refuses other shapes: an encrypted key, extra header members, another enc, missing parts, junk", async () => {
    const token = await encode({ token: claims, secret, maxAge: 3600 });
    const [h, , iv, ct, tag] = token.split(".");
    expect(openSessionJwe([h, "AAAA", iv, ct, tag].join("."), secret)).toBeNull();
    const withKid = await new EncryptJWT(claims)
      .setProtectedHeader({ alg: "dir", enc: "A256GCM", kid: "k" })
      .encrypt(nextAuthKey(secret));
    expect(openSessionJwe(withKid, secret)).toBeNull();
    const a128 = await new EncryptJWT(claims)
      .setProtectedHeader({ alg: "dir", enc: "A128GCM" })
      .encrypt(nextAuthKey(secret).slice(0, 16));
    expect(openSessionJwe(a128, secret)).toBeNull();
    // The same header next-auth writes, sealed by jose with the right key: accepted (not next-auth-only bytes).
    const same = await new EncryptJWT(claims)
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .encrypt(nextAuthKey(secret));
    expect(openSessionJwe(same, secret)).toMatchObject(claims);
    for (const junk of [
      "",
      "....",
      "a.b.c.d.e",
      token.split(".").slice(0, 4).join("."),
      `${token}.x`,
      token.replace(".", ".+"),
      "x".repeat(5000),
    ]) {
      expect(openSessionJwe(junk, secret)).toBeNull();
    }
  });

  it("refuses a payload that is not a JSON object", async () => {
    const { CompactEncrypt } = await import("jose");
    const sealed = await new CompactEncrypt(new TextEncoder().encode('["not", "claims"]'))
      .setProtectedHeader({ alg: "dir", enc: "A256GCM" })
      .encrypt(nextAuthKey(secret));
    expect(openSessionJwe(sealed, secret)).toBeNull();
  });
});
