import fs from "node:fs";
import { HeadObjectCommand, NotFound } from "@aws-sdk/client-s3";
import { localObjectPath } from "@/lib/storage/local-object-store";
import { s3 } from "@/lib/storage/s3-client";
import { usesLocalStore } from "@/lib/storage/storage-config";

/** The size in bytes of a stored object, or undefined when there is none under `key`. */
export async function objectSize(key: string): Promise<number | undefined> {
  if (usesLocalStore()) {
    const file = localObjectPath(key);
    const stat = file ? await fs.promises.stat(file).catch(() => undefined) : undefined;
    return stat?.isFile() ? stat.size : undefined;
  }
  const { client, config } = s3();
  try {
    const out = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key: key }));
    return out.ContentLength;
  } catch (err) {
    if (err instanceof NotFound || (err as { name?: string }).name === "NotFound") return undefined;
    throw err;
  }
}
