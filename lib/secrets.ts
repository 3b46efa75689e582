import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";
import { createFileWhole } from "@/lib/files/create-file-whole";

/**
 * Secrets the embedded default generates on first use and keeps in its data dir, beside the data
 * they protect. Production passes them through the environment (the env module insists on that).
 * The first process to need one writes it whole (a second process starting at the same moment
 * reads the same value, never an empty file); a file that holds no valid secret stops the process
 * rather than signing sessions or encrypting with it.
 */
function dataDirSecret(name: string, make: () => string, valid: (value: string) => boolean): string {
  const file = path.join(env.SVC_DATA_DIR, "secrets", name);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // False when another process got there first: its value is read below.
    createFileWhole(file, make(), 0o600);
  }
  const value = fs.readFileSync(file, "utf8").trim();
  if (!valid(value)) {
    throw new Error(
      `${file} does not hold a valid ${name}. Delete it to have a new one generated ` +
        "(sessions signed with the old one end, and webhook secrets encrypted with an old key cannot be read), " +
        "or pass the secret through the environment.",
    );
  }
  return value;
}

let authSecret: string | undefined;
export function getAuthSecret(): string {
  authSecret ??=
    env.authSecret ??
    dataDirSecret(
      "auth-secret",
      () => randomBytes(32).toString("base64url"),
      (v) => v.length >= 32,
    );
  return authSecret;
}

let encryptionKey: Buffer | undefined;
export function getEncryptionKey(): Buffer {
  encryptionKey ??= Buffer.from(
    env.SVC_ENCRYPTION_KEY ??
      dataDirSecret(
        "encryption-key",
        () => randomBytes(32).toString("base64"),
        (v) => Buffer.from(v, "base64").length === 32,
      ),
    "base64",
  );
  return encryptionKey;
}
