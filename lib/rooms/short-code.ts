import { randomBytes } from "node:crypto";

/** 23 lower-case letters: no i, l or o, which read like 1, I and 0. */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz";

/** 10 random letters shown as `abc-defg-hij` (about 45 bits); unrelated to the room id. */
export function newShortCode(): string {
  let letters = "";
  while (letters.length < 10) {
    for (const byte of randomBytes(16)) {
      // 230 = 10 * 23: bytes above it would bias the first letters.
      if (byte < 230 && letters.length < 10) letters += ALPHABET[byte % 23];
    }
  }
  return `${letters.slice(0, 3)}-${letters.slice(3, 7)}-${letters.slice(7)}`;
}

/** Accepts the code with or without dashes, any case; undefined when it cannot be a short code. */
export function normaliseShortCode(input: string): string | undefined {
  const letters = input.toLowerCase().replace(/-/g, "");
  if (!/^[a-z]{10}$/.test(letters)) return undefined;
  return `${letters.slice(0, 3)}-${letters.slice(3, 7)}-${letters.slice(7)}`;
}
