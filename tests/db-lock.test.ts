import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "@/lib/db";

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "svc-lock-"));
}

/** Another live process holding the lock file, as a running dev server would. */
async function holdLockInChild(dir: string): Promise<ChildProcess> {
  const lock = path.join(dir, "pglite.lock");
  const child = spawn(
    process.execPath,
    [
      "-e",
      `require("fs").writeFileSync(${JSON.stringify(lock)}, JSON.stringify({pid: process.pid, host: require("os").hostname(), since: new Date().toISOString()}), {flag: "wx"}); setInterval(() => {}, 1000);`,
    ],
    { stdio: "ignore" },
  );
  children.push(child);
  const deadline = Date.now() + 10_000;
  while (!fs.existsSync(lock)) {
    if (Date.now() > deadline) throw new Error("child never took the lock");
    await new Promise((r) => setTimeout(r, 20));
  }
  return child;
}

describe("embedded data-dir lock", () => {
  it("refuses a second process with an error naming the holder", async () => {
    const dir = tempDir();
    const child = await holdLockInChild(dir);
    let error: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(DataDirLockedError);
    expect(String((error as Error).message)).toContain(`process ${child.pid}`);
  });

  it("takes over a stale lock whose process is gone, and releases it", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, [
      "-e",
      "process.stdout.write(String(process.pid))",
    ]).stdout.toString();
    fs.writeFileSync(
      path.join(dir, "pglite.lock"),
      JSON.stringify({ pid: Number(dead), host: os.hostname() }),
    );
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).pid).toBe(process.pid);
    release();
    expect(fs.existsSync(path.join(dir, "pglite.lock"))).toBe(false);
    // Free again: a second acquire in sequence works.
    acquireDataDirLock(dir)();
  });

  it("a CLI script refuses to open the data dir while another process holds it", async () => {
    const dir = tempDir();
    const child = await holdLockInChild(dir);
    const env = { ...process.env, SVC_DATA_DIR: dir, DATABASE_URL: "", NODE_ENV: "development" as const };
    const res = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.mts"], {
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(res.status).not.toBe(0);
    expect(res.stderr + res.stdout).toContain(`in use by process ${child.pid}`);
    expect(fs.existsSync(path.join(dir, "pg"))).toBe(false);
  });
});
