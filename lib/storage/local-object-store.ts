import fs from "node:fs";
import path from "node:path";
import { log } from "@/lib/log/logger";
import {
  LOCAL_BUCKET,
  localObjectsDir,
  setLocalObjectsDir,
  usesLocalStore,
} from "@/lib/storage/storage-config";

/**
 * The embedded default's object storage (docs/decisions/0884): files under the data dir, owner-only
 * (0700 directories, 0600 files), written by the app in-process and served to users only through
 * the `/storage` route, which checks each presigned link's signature and expiry. Nothing listens on
 * a port of its own, so no other process or user can list, read, overwrite or delete objects over
 * the network.
 */
export interface LocalObjectStore {
  /** Where objects live. */
  directory: string;
  close: () => Promise<void>;
}

const state = globalThis as typeof globalThis & { __svcLocalStoreReady?: boolean };

/** Directory of one bucket; created owner-only, and an existing one is tightened. */
function bucketDir(root: string): string {
  const dir = path.join(root, LOCAL_BUCKET);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  for (const d of [root, dir]) fs.chmodSync(d, 0o700);
  return dir;
}

/** The local store is ready: its directory exists and the app may write to it (readiness). */
export function localStoreReady(): boolean {
  if (!state.__svcLocalStoreReady) return false;
  try {
    fs.accessSync(path.join(localObjectsDir(), LOCAL_BUCKET), fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Prepares the local store when no `S3_BUCKET` is configured (server start, `npm run db:seed`,
 * tests with their own directory). A failure is logged, not fatal: the app still serves everything
 * but recording bytes.
 */
export async function ensureLocalObjectStore(
  opts: { directory?: string } = {},
): Promise<LocalObjectStore | undefined> {
  if (!usesLocalStore()) return undefined;
  if (opts.directory) setLocalObjectsDir(opts.directory);
  const directory = localObjectsDir();
  try {
    bucketDir(directory);
    state.__svcLocalStoreReady = true;
  } catch (err) {
    log.error("could not prepare the local object store; set S3_* or fix the data dir", { directory, err });
    return undefined;
  }
  return {
    directory,
    close: async () => {
      state.__svcLocalStoreReady = false;
      setLocalObjectsDir(undefined);
    },
  };
}

/** The file of an object key, or undefined for a key that would leave the bucket's directory. */
export function localObjectPath(key: string): string | undefined {
  const root = path.join(localObjectsDir(), LOCAL_BUCKET);
  const segments = key.split("/");
  if (segments.some((s) => s === "" || s === "." || s === ".." || s.includes("\\") || s.includes("\u0000")))
    return undefined;
  const file = path.resolve(root, ...segments);
  return file.startsWith(`${root}${path.sep}`) ? file : undefined;
}

/** Writes one object atomically (temp file, then rename), owner-only. */
export async function writeLocalObject(key: string, body: Uint8Array): Promise<void> {
  const file = localObjectPath(key);
  if (!file) throw new Error(`not a storable object key: ${JSON.stringify(key)}`);
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await fs.promises.writeFile(tmp, body, { mode: 0o600 });
  await fs.promises.rename(tmp, file);
}
