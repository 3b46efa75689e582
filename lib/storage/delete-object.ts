import fs from "node:fs";
import { DeleteObjectCommand, DeleteObjectsCommand, ListObjectsV2Command } from "@aws-sdk/client-s3";
import { localObjectPath } from "@/lib/storage/local-object-store";
import { s3 } from "@/lib/storage/s3-client";
import { assertServedKey } from "@/lib/storage/served-keys";
import { usesLocalStore } from "@/lib/storage/storage-config";

/**
 * Deletes a stored object, or, for a key ending in `/`, every object under that prefix (a
 * recording's folder: its MP4 and HLS rendition, docs/decisions/1245). One already gone counts as
 * deleted (S3 answers 204 for a missing key, and the local store ignores a missing file), so a
 * retried deletion is harmless.
 */
export async function deleteObject(key: string): Promise<void> {
  assertServedKey(key);
  const prefix = key.endsWith("/");
  if (usesLocalStore()) {
    const file = localObjectPath(prefix ? key.slice(0, -1) : key);
    // A key that could never have been stored has nothing to delete.
    if (!file) return;
    await fs.promises.rm(file, { force: true, recursive: prefix });
    return;
  }
  const { client, config } = s3();
  if (!prefix) {
    await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    return;
  }
  // Listed and deleted a page (at most 1,000 keys) at a time until nothing is left under it.
  for (;;) {
    const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: key }));
    const keys = (page.Contents ?? []).flatMap((o) => (o.Key ? [{ Key: o.Key }] : []));
    if (keys.length === 0) return;
    await client.send(
      new DeleteObjectsCommand({ Bucket: config.bucket, Delete: { Objects: keys, Quiet: true } }),
    );
    if (!page.IsTruncated) return;
  }
}
