import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "@/lib/db";
import { until } from "./helpers/wait";

const CONTENDER = path.resolve("tests/helpers/lock-contender-process.ts");

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), "svc-lock-"));
}

interface Contender {
  child: ChildProcess;
  /** The lines it printed so far: "ready", then "won" or "locked: …". */
  lines: string[];
}

/** Starts `count` contender processes and waits until each is ready to try. */
async function contenders(dir: string, count: number): Promise<Contender[]> {
  const all = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ["--import", "tsx", CONTENDER], {
      env: { ...process.env, LOCK_DIR: dir },
      stdio: "pipe",
    });
    children.push(child);
    const contender: Contender = { child, lines: [] };
    let buffered = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      buffered += chunk.toString();
      const parts = buffered.split("\n");
      buffered = parts.pop() ?? "";
      contender.lines.push(...parts);
    });
    return contender;
  });
  await until("every contender is ready", () => all.every((c) => c.lines.includes("ready")), 30_000);
  return all;
}

/** Lets the contenders try at the same moment and returns each one's outcome. */
async function race(all: Contender[]): Promise<string[]> {
  for (const c of all) c.child.stdin?.write("go\n");
  const outcome = (c: Contender) => c.lines.find((l) => l === "won" || l.startsWith("locked"));
  const exited = (c: Contender) => c.child.exitCode !== null || c.child.signalCode !== null;
  await until("every contender has an outcome", () => all.every((c) => outcome(c) || exited(c)));
  return all.map((c) => outcome(c) ?? `exited with ${c.child.exitCode}`);
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
