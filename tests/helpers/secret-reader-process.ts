/**
 * A process starting on the embedded data dir (SVC_DATA_DIR) that needs its generated secrets, as
 * the dev server and a script starting together would. Prints "ready", waits for a line on stdin,
 * then prints the SHA-256 of the auth secret and of the encryption key, or "error: <message>".
 */
import { createHash } from "node:crypto";
import { getAuthSecret, getEncryptionKey } from "@/lib/secrets";

const sha = (v: string | Buffer) => createHash("sha256").update(v).digest("hex").slice(0, 16);
process.stdout.write("ready\n");
process.stdin.once("data", () => {
  try {
    process.stdout.write(`secrets ${sha(getAuthSecret())} ${sha(getEncryptionKey())}\n`);
  } catch (err) {
    process.stdout.write(`error: ${(err as Error).message}\n`);
  }
  process.exit(0);
});
