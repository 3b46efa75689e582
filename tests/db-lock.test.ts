import { type ChildProcess, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "@/lib/db";
import { type Racer, race, startRacers } from "./helpers/racing-processes";

const CONTENDER = path.resolve("tests/helpers/lock-contender-process.ts");

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "svc-lock-"));
}

function contenders(dir: string, count: number): Promise<Racer[]> {
  return startRacers(CONTENDER, count, { args: [dir] }, children);
}

/** Another live process holding the lock, as a running dev server would. */
async function holdLockInChild(dir: string): Promise<ChildProcess> {
  const holders = await contenders(dir, 1);
  expect(await race(holders)).toEqual(["won"]);
  return holders[0]?.child ?? expect.unreachable("one contender was started");
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
    // Free again: a second acquire in sequence works, and leaves no draft files behind.
    acquireDataDirLock(dir)();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("does not take a lock file still being written, but takes one left empty long ago", () => {
    const dir = tempDir();
    const lock = path.join(dir, "pglite.lock");
    // What a process that crashed (or was caught) between creating the file and writing it leaves.
    fs.writeFileSync(lock, "");
    expect(() => acquireDataDirLock(dir)).toThrow(/being opened by another process/);
    expect(fs.readFileSync(lock, "utf8")).toBe("");

    const longAgo = new Date(Date.now() - 60_000);
    fs.utimesSync(lock, longAgo, longAgo);
    const release = acquireDataDirLock(dir);
    expect(JSON.parse(fs.readFileSync(lock, "utf8")).pid).toBe(process.pid);
    release();
  });

  it("gives a free data dir to exactly one of several processes starting at once", async () => {
    const dir = tempDir();
    const outcomes = await race(await contenders(dir, 4));
    expect(outcomes.filter((o) => o === "won")).toHaveLength(1);
    expect(outcomes.filter((o) => o.startsWith("locked"))).toHaveLength(3);
  });

  it("gives a stale lock to exactly one of several processes that find it stale at once", async () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
    fs.writeFileSync(
      path.join(dir, "pglite.lock"),
      JSON.stringify({ pid: Number(dead.stdout.toString()), host: os.hostname() }),
    );
    const all = await contenders(dir, 4);
    const outcomes = await race(all);
    expect(outcomes.filter((o) => o === "won")).toHaveLength(1);
    expect(outcomes.filter((o) => o.startsWith("locked"))).toHaveLength(3);
    // The lock on disk names the winner, not a loser that deleted and rewrote it.
    const winner = all[outcomes.indexOf("won")]?.child.pid;
    expect(JSON.parse(fs.readFileSync(path.join(dir, "pglite.lock"), "utf8")).pid).toBe(winner);
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
