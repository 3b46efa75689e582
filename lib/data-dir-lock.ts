import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createFileWhole } from "@/lib/files/create-file-whole";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

interface LockRecord {
  pid?: number;
  host?: string;
  since?: string;
}

/**
 * How long a lock file without a readable record counts as being written rather than abandoned.
 * Our own writes never show a half-written file (`createFileWhole`); an older version's, or one on a
 * filesystem without hard links, could for microseconds, and a crash there leaves it empty for good.
 */
const HALF_WRITTEN_GRACE_MS = 10_000;

/**
 * Only one process may open a PGlite data dir: a second one silently loses writes. The lock is a
 * file holding the owner's pid, created whole or not at all; a lock whose process is gone is stale
 * and taken, by exactly one of the processes that find it so.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "pglite.lock");
  const record = JSON.stringify({ pid: process.pid, host: os.hostname(), since: new Date().toISOString() });
  for (let tries = 0; tries < MAX_TRIES; tries++) {
    if (createFileWhole(lockPath, record)) return releaser(lockPath);
    const seen = readLock(lockPath);
    if (!seen) continue; // Released between our attempt and our read: try again.
    const refusal = liveLockRefusal(dataDir, seen);
    if (refusal) throw refusal;
    // Stale. Only a process holding the takeover guard removes a lock, after judging it again:
    // while it holds the guard nobody else removes one, and a lock file, once created, is never
    // replaced, so the file it judged is the file it removes (decision 0970).
    if (takeGuard(`${lockPath}.takeover`)) {
      try {
        const again = readLock(lockPath);
        if (again && !liveLockRefusal(dataDir, again)) fs.rmSync(lockPath, { force: true });
      } finally {
        fs.rmSync(`${lockPath}.takeover`, { force: true });
      }
    } else {
      pause(5); // Another process is taking the stale lock over: see what it leaves.
    }
  }
  throw new DataDirLockedError(`Could not take the lock on ${path.resolve(dataDir)}.`);
}

const MAX_TRIES = 200;

/** Why a lock we read is not ours to take (its holder is alive, or it is being written), or null: stale. */
function liveLockRefusal(
  dataDir: string,
  { holder, mtimeMs }: { holder: LockRecord | null; mtimeMs: number },
): DataDirLockedError | null {
  // Another host's pid cannot be checked: its lock counts as stale, as a container that was
  // recreated under a new hostname must still start on its own data dir.
  if (holder?.pid && holder.pid !== process.pid && (holder.host ?? os.hostname()) === os.hostname()) {
    if (!isAlive(holder.pid)) return null;
    return new DataDirLockedError(
      `The embedded database in ${path.resolve(dataDir)} is in use by process ${holder.pid} (since ${holder.since ?? "?"}). ` +
        "Only one process may open it: stop that process (the dev server, a script) first, " +
        "or point DATABASE_URL at a PostgreSQL server.",
    );
  }
  if (!holder && Date.now() - mtimeMs < HALF_WRITTEN_GRACE_MS) {
    return new DataDirLockedError(
      `The embedded database in ${path.resolve(dataDir)} is being opened by another process. ` +
        "Only one process may open it: stop the other one first, or point DATABASE_URL at a PostgreSQL server.",
    );
  }
  return null;
}

/**
 * The takeover guard: held for a few statements while a stale lock is judged again and removed.
 * A guard whose process died inside that window is removed by whoever finds it (by name: two
 * processes would both have to find the same dead guard at once, after such a crash).
 */
function takeGuard(guardPath: string): boolean {
  if (createFileWhole(guardPath, JSON.stringify({ pid: process.pid, host: os.hostname() }))) return true;
  const guard = readLock(guardPath);
  if (!guard) return false;
  const pid = guard.holder?.pid;
  // Another host's pid (a shared volume) cannot be checked here: its guard is judged by its age.
  const local = (guard.holder?.host ?? os.hostname()) === os.hostname();
  const orphaned = pid && local ? !isAlive(pid) : Date.now() - guard.mtimeMs > HALF_WRITTEN_GRACE_MS;
  if (orphaned) fs.rmSync(guardPath, { force: true });
  return false;
}

function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The lock file's record (null when unreadable) with the time it was last written. */
function readLock(lockPath: string): { holder: LockRecord | null; mtimeMs: number } | null {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const { mtimeMs } = fs.fstatSync(fd);
    let holder: LockRecord | null = null;
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(fd, "utf8"));
      if (parsed && typeof parsed === "object") holder = parsed as LockRecord;
    } catch {
      // Empty or garbled: judged by its age in the caller.
    }
    return { holder, mtimeMs };
  } finally {
    fs.closeSync(fd);
  }
}

function releaser(lockPath: string): () => void {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    try {
      const current = JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockRecord;
      if (current.pid === process.pid) fs.unlinkSync(lockPath);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.once("exit", release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}
