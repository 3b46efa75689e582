import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from "node:crypto";

/** scrypt with N=2^15, r=8, p=1 (OWASP's minimum for scrypt); stored as `scrypt$N$r$p$salt$hash`. */
const PARAMS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEYLEN = 32;

/**
 * At most this many derivations run at once per process; the rest wait their turn here. scrypt runs
 * on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which response
 * compression, file reads, DNS lookups and, when their worker has failed, room-token signatures
 * share (0977): a burst of sign-ins (or an attack on the sign-in form) must not occupy every thread
 * for the 50–100 ms a derivation takes, nor hold 32 MB per derivation (docs/decisions/0971).
 */
export const MAX_CONCURRENT_DERIVATIONS = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function derive(
  password: string,
  salt: Buffer,
  opts: { N: number; r: number; p: number },
): Promise<Buffer> {
  if (running >= MAX_CONCURRENT_DERIVATIONS) await new Promise<void>((go) => waiting.push(go));
  else running++;
  try {
    const options: ScryptOptions = { ...opts, maxmem: 128 * opts.N * opts.r * 2 };
    return await new Promise((resolve, reject) =>
      scrypt(password.normalize("NFKC"), salt, KEYLEN, options, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    );
  } finally {
    // The slot passes straight to the next waiter (FIFO), so `running` counts held slots.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
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
