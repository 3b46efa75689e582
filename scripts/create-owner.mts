/**
 * `npm run create-owner -- --email you@example.com --org "Your Org" [--name "Your Name"]`
 * Creates the first Owner of a production database. The password is prompted for (hidden), or
 * read from standard input when it is not a terminal.
 */
import { createInterface } from "node:readline";
import { parseArgs } from "node:util";
import { closeDb, getDb } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { createOwner } from "@/lib/identity/create-owner";

const { values } = parseArgs({
  options: { email: { type: "string" }, org: { type: "string" }, name: { type: "string" } },
});
if (!values.email || !values.org) {
  console.error(
    'Usage: npm run create-owner -- --email you@example.com --org "Your Org" [--name "Your Name"]',
  );
  process.exit(2);
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    return "";
  }
  process.stdout.write("Password (min 12 characters): ");
  return new Promise((resolve) => {
    let value = "";
    process.stdin.setRawMode(true);
    process.stdin.resume();
    process.stdin.on("data", (chunk: Buffer) => {
      for (const ch of chunk.toString("utf8")) {
        if (ch === "\r" || ch === "\n") {
          process.stdin.setRawMode(false);
          process.stdin.pause();
          process.stdout.write("\n");
          resolve(value);
          return;
        }
        if (ch === "\u0003") process.exit(130);
        value = ch === "\u007f" ? value.slice(0, -1) : value + ch;
      }
    });
  });
}

try {
  const password = await readPassword();
  const db = await getDb();
  const { userId, orgId } = await createOwner(db, {
    email: values.email,
    orgName: values.org,
    displayName: values.name,
    password,
  });
  console.log(`Created owner ${values.email} (${userId}) of org "${values.org}" (${orgId}).`);
} catch (err) {
  if (err instanceof ApiError) {
    console.error(
      `${err.detail}${err.extra.errors ? ` ${err.extra.errors.map((e) => `${e.path}: ${e.message}`).join("; ")}` : ""}`,
    );
  } else console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDb().catch(() => {});
}
