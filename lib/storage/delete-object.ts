import fs from "node:fs";
import { DeleteObjectCommand } from "@aws-sdk/client-s3";
import { localObjectPath } from "@/lib/storage/local-object-store";
import { s3 } from "@/lib/storage/s3-client";
import { usesLocalStore } from "@/lib/storage/storage-config";

/**
 * Deletes a stored object; one already gone counts as deleted (S3 answers 204 for a missing key,
 * and the local store ignores a missing file), so a retried deletion is harmless.
 */
export async function deleteObject(key: string): Promise<void> {
  if (usesLocalStore()) {
    const file = localObjectPath(key);
    // A key that could never have been stored has nothing to delete.
    if (!file) return;
    await fs.promises.rm(file, { force: true });
    return;
  }
  const { client, config } = s3();
  await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
}
