import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { publicLengthEqual, safeEqual, sha256Hex } from "@/lib/crypto/secret-box";

/**
 * The constant-time comparisons behind the metrics and media-plane bearer checks (safeEqual) and
 * the project-key check (publicLengthEqual), and the key hash stored for every API key.
 */
describe("secret-box comparisons", () => {
  it("safeEqual: equal strings only, whatever their lengths", () => {
    expect(safeEqual("s3cret-token-value", "s3cret-token-value")).toBe(true);
    expect(safeEqual("s3cret-token-value", "s3cret-token-valuf")).toBe(false);
    expect(safeEqual("s3cret", "s3cret-token-value")).toBe(false);
    expect(safeEqual("", "")).toBe(true);
    expect(safeEqual("é", "e\u0301")).toBe(false);
  });

  it("publicLengthEqual: equal strings only; different lengths are unequal", () => {
    expect(publicLengthEqual("abc123", "abc123")).toBe(true);
    expect(publicLengthEqual("abc123", "abc124")).toBe(false);
    expect(publicLengthEqual("abc", "abc123")).toBe(false);
  });

  it("sha256Hex is plain SHA-256 of the UTF-8 bytes, as keys stored by earlier releases were", () => {
    for (const value of ["", "svc_secret", "clé ✓"]) {
      expect(sha256Hex(value)).toBe(createHash("sha256").update(value, "utf8").digest("hex"));
    }
  });
});
