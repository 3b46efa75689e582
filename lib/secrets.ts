import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/**
 * Secrets the embedded default generates on first use and keeps in its data dir, beside the data
 * they protect. Production passes them through the environment (the env module insists on that).
 */
function dataDirSecret(name: string, make: () => string): string {
  const file = path.join(env.SVC_DATA_DIR, "secrets", name);
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    try {
      fs.writeFileSync(file, make(), { flag: "wx", mode: 0o600 });
    } catch (err) {
      // Another module got there first: read theirs.
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
    }
    return fs.readFileSync(file, "utf8").trim();
  }
}

let authSecret: string | undefined;
export function getAuthSecret(): string {
  authSecret ??= env.authSecret ?? dataDirSecret("auth-secret", () => randomBytes(32).toString("base64url"));
  return authSecret;
}

let encryptionKey: Buffer | undefined;
export function getEncryptionKey(): Buffer {
  encryptionKey ??= Buffer.from(
    env.SVC_ENCRYPTION_KEY ?? dataDirSecret("encryption-key", () => randomBytes(32).toString("base64")),
    "base64",
  );
  return encryptionKey;
}
