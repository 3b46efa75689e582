import { randomBytes } from "node:crypto";
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
  for (let tries = 0; tries < 5; tries++) {
    if (createFileWhole(lockPath, record)) return releaser(lockPath);
    const seen = readLock(lockPath);
    if (!seen) continue; // Released between our attempt and our read: try again.
    const { holder, ino, mtimeMs } = seen;
    // Another host's pid cannot be checked: its lock counts as stale, as a container that was
    // recreated under a new hostname must still start on its own data dir.
    if (holder?.pid && holder.pid !== process.pid && (holder.host ?? os.hostname()) === os.hostname()) {
      if (isAlive(holder.pid)) {
        throw new DataDirLockedError(
          `The embedded database in ${path.resolve(dataDir)} is in use by process ${holder.pid} (since ${holder.since ?? "?"}). ` +
            "Only one process may open it: stop that process (the dev server, a script) first, " +
            "or point DATABASE_URL at a PostgreSQL server.",
        );
      }
    } else if (!holder && Date.now() - mtimeMs < HALF_WRITTEN_GRACE_MS) {
      throw new DataDirLockedError(
        `The embedded database in ${path.resolve(dataDir)} is being opened by another process. ` +
          "Only one process may open it: stop the other one first, or point DATABASE_URL at a PostgreSQL server.",
      );
    }
    removeIfUnchanged(lockPath, ino);
  }
  throw new DataDirLockedError(`Could not take the lock on ${path.resolve(dataDir)}.`);
}

/** The lock file's record (null when unreadable) with the identity of the file it came from. */
function readLock(lockPath: string): { holder: LockRecord | null; ino: number; mtimeMs: number } | null {
  let fd: number;
  try {
    fd = fs.openSync(lockPath, "r");
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
  try {
    const { ino, mtimeMs } = fs.fstatSync(fd);
    let holder: LockRecord | null = null;
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(fd, "utf8"));
      if (parsed && typeof parsed === "object") holder = parsed as LockRecord;
    } catch {
      // Empty or garbled: judged by its age in the caller.
    }
    return { holder, ino, mtimeMs };
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Removes the stale lock we judged, and only that one. Several processes may judge the same stale
 * lock at once; deleting by name would let a slow one delete the fresh lock a fast one just took.
 * Renaming moves one file atomically, so we can look at what we moved and put back a lock that is
 * not the one we judged.
 */
function removeIfUnchanged(lockPath: string, judgedIno: number): void {
  const aside = `${lockPath}.stale.${process.pid}.${randomBytes(6).toString("hex")}`;
  try {
    fs.renameSync(lockPath, aside);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return; // Another process removed it.
    throw err;
  }
  try {
    if (fs.statSync(aside).ino !== judgedIno) {
      // A live lock taken since we judged: put it back unless yet another process holds the name.
      try {
        fs.linkSync(aside, lockPath);
      } catch {
        // EEXIST: a third process took the lock meanwhile; it holds it, and we will see that.
      }
    }
  } finally {
    fs.rmSync(aside, { force: true });
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
