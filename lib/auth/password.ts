import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt with N=2^15, r=8, p=1 (OWASP's minimum for scrypt); stored as `scrypt$N$r$p$salt$hash`. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEYLEN = 32;

function derive(password: string, salt: Buffer, opts: { N: number; r: number; p: number }): Promise<Buffer> {
  const options: ScryptOptions = { ...opts, maxmem: 128 * opts.N * opts.r * 2 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEYLEN, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ["scrypt", PARAMS.N, PARAMS.r, PARAMS.p, salt.toString("base64url"), key.toString("base64url")].join(
    "$",
  );
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, salt, hash] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Verified against for unknown addresses, so they cost the same time as known ones. */
export const DUMMY_PASSWORD_HASH =
  "scrypt$32768$8$1$c3ZjLWR1bW15LXNhbHQtMQ$JX3slOLZyA7FPdfb_7heCs2OAqttBhzfMfPLHBfL3o4";
