import fs from "node:fs";
import path from "node:path";
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from "@aws-sdk/client-s3";
import { env } from "@/lib/env";
import { getObject } from "@/lib/storage/get-object";
import { s3 } from "@/lib/storage/s3-client";
import { isServedKey } from "@/lib/storage/served-keys";
import { localObjectsDir, usesLocalStore } from "@/lib/storage/storage-config";

/**
 * The audit log's sealed heads live outside the database (docs/decisions/1051) and apart from
 * everything the service serves or deletes (docs/decisions/1360): a recording key is always
 * `recordings/…` (lib/recordings/recording-object.ts), every link and deletion is checked to be one
 * (lib/storage/served-keys.ts), and anchors are never under that prefix. Where they live:
 * - embedded store: a folder beside the local bucket (`<objects>/svc-audit-anchors/`), which no
 *   object key can name (the local store refuses `..`), so no `/storage` link reaches it;
 * - S3: SVC_AUDIT_ANCHOR_BUCKET when set (a bucket of its own), else S3_BUCKET under `audit-anchors/`.
 * Shaped as lib/audit/audit-anchors.ts's AnchorStore.
 */

/** The anchor's folder in its store: never under `recordings/` (tests/audit-anchor-store.test.ts). */
export const ANCHOR_PREFIX = "audit-anchors/";
/** The embedded store's folder for anchors, a sibling of its one bucket (`svc-recordings`). */
export const LOCAL_ANCHOR_DIR = "svc-audit-anchors";

/** Where one anchor key is kept: a file (embedded store) or a bucket and key (S3). */
export type AnchorLocation = { file: string } | { bucket: string; key: string };

function checkedKey(key: string): string {
  // Keys come from lib/audit/audit-anchors.ts (`audit-anchors/<org id>.json`); nothing else is kept here.
  if (!/^audit-anchors\/org_[A-Za-z0-9]{1,64}\.json$/.test(key) || isServedKey(key))
    throw new Error(`not an audit anchor key: ${JSON.stringify(key)}`);
  return key;
}

export function anchorLocation(key: string): AnchorLocation {
  const k = checkedKey(key);
  if (usesLocalStore()) return { file: path.join(localObjectsDir(), LOCAL_ANCHOR_DIR, ...k.split("/")) };
  return { bucket: env.SVC_AUDIT_ANCHOR_BUCKET ?? s3().config.bucket, key: k };
}

/** Whether anchors written before 1360 may still sit in the recordings store under the same key. */
function legacyReadable(): boolean {
  return usesLocalStore() || env.SVC_AUDIT_ANCHOR_BUCKET !== undefined;
}

async function readAt(at: AnchorLocation): Promise<Uint8Array | undefined> {
  if ("file" in at) {
    try {
      return await fs.promises.readFile(at.file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  }
  try {
    const out = await s3().client.send(new GetObjectCommand({ Bucket: at.bucket, Key: at.key }));
    return out.Body ? await out.Body.transformToByteArray() : undefined;
  } catch (err) {
    if (err instanceof NoSuchKey) return undefined;
    throw err;
  }
}

export const auditAnchorObjects = {
  async get(key: string): Promise<Uint8Array | undefined> {
    const found = await readAt(anchorLocation(key));
    // An anchor written before 1360 is still read where it was (and written anew in its place next time).
    if (found || !legacyReadable()) return found;
    return getObject(key);
  },
  async put(key: string, body: Uint8Array): Promise<void> {
    const at = anchorLocation(key);
    if ("file" in at) {
      await fs.promises.mkdir(path.dirname(at.file), { recursive: true, mode: 0o700 });
      const tmp = `${at.file}.${process.pid}.${Date.now()}.tmp`;
      await fs.promises.writeFile(tmp, body, { mode: 0o600 });
      await fs.promises.rename(tmp, at.file);
      return;
    }
    await s3().client.send(
      new PutObjectCommand({
        Bucket: at.bucket,
        Key: at.key,
        Body: body,
        ContentType: "application/json",
        ContentLength: body.byteLength,
      }),
    );
  },
};
