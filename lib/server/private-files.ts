import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

/** Directories and files the service creates: owner-only. */
const DIR_MODE = 0o700;
const FILE_MODE = 0o600;

/** Tightens a tree already on disk (a data dir made before this rule): 0700 directories, 0600 files. */
export function tightenTree(root: string): void {
  let entries: fs.Dirent[];
  try {
    fs.chmodSync(root, DIR_MODE);
    entries = fs.readdirSync(root, { withFileTypes: true });
  } catch {
    return; // Not there (yet): the umask covers what gets created.
  }
  for (const e of entries) {
    const p = path.join(root, e.name);
    if (e.isDirectory()) tightenTree(p);
    else if (e.isFile()) fs.chmodSync(p, FILE_MODE);
  }
}

/**
 * Everything this process creates from now on (the embedded database, recordings, secrets,
 * mailbox) is owner-only, and the data dir's existing tree is tightened (docs/decisions/0884).
 * Called first at server start and by the scripts that create data.
 */
export function restrictFileModes(dataDir = env.SVC_DATA_DIR): void {
  process.umask(0o077);
  tightenTree(path.resolve(dataDir));
}
