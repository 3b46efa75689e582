import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { race, startRacers } from "./helpers/racing-processes";

const READER = path.resolve("tests/helpers/secret-reader-process.ts");

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

/** An embedded setup with no secrets in the environment, so they come from the data dir. */
function embeddedEnv(dir: string): Record<string, string> {
  return {
    SVC_DATA_DIR: dir,
    DATABASE_URL: "",
    NEXTAUTH_SECRET: "",
    AUTH_SECRET: "",
    SVC_ENCRYPTION_KEY: "",
    NODE_ENV: "development",
  };
}

/** Starts `count` processes on `dir` together and returns what each read. */
async function readTogether(dir: string, count: number): Promise<string[]> {
  return race(await startRacers(READER, count, { env: embeddedEnv(dir) }, children));
}

describe("secrets generated in the embedded data dir", () => {
  it("are one value for every process that starts at the same moment, kept private, no drafts left", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-secrets-"));
    const outcomes = await readTogether(dir, 4);
    expect(outcomes[0]).toMatch(/^secrets [0-9a-f]{16} [0-9a-f]{16}$/);
    expect(new Set(outcomes).size).toBe(1);

    const secrets = path.join(dir, "secrets");
    expect(fs.readdirSync(secrets).sort()).toEqual(["auth-secret", "encryption-key"]);
    for (const name of ["auth-secret", "encryption-key"]) {
      expect(fs.statSync(path.join(secrets, name)).mode & 0o777).toBe(0o600);
    }
    // A later start reads the same values.
    expect(await readTogether(dir, 1)).toEqual([outcomes[0]]);
  });

  it("refuse a secret file that holds no valid secret, naming it, instead of signing with it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-secrets-"));
    fs.mkdirSync(path.join(dir, "secrets"), { recursive: true });
    // What a process killed between creating the file and writing it left behind.
    fs.writeFileSync(path.join(dir, "secrets", "auth-secret"), "");
    const [outcome] = await readTogether(dir, 1);
    expect(outcome).toContain("error: ");
    expect(outcome).toContain(path.join(dir, "secrets", "auth-secret"));
    expect(outcome).toContain("Delete it");

    fs.writeFileSync(path.join(dir, "secrets", "auth-secret"), "x".repeat(40));
    fs.writeFileSync(path.join(dir, "secrets", "encryption-key"), Buffer.alloc(16).toString("base64"));
    const [second] = await readTogether(dir, 1);
    expect(second).toContain(path.join(dir, "secrets", "encryption-key"));
  });
});
