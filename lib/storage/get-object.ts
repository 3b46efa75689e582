import fs from "node:fs";
import { GetObjectCommand, NoSuchKey } from "@aws-sdk/client-s3";
import { localObjectPath } from "@/lib/storage/local-object-store";
import { s3 } from "@/lib/storage/s3-client";
import { usesLocalStore } from "@/lib/storage/storage-config";

/** Reads a small stored object whole; undefined when there is none under `key`. */
export async function getObject(key: string): Promise<Uint8Array | undefined> {
  if (usesLocalStore()) {
    const file = localObjectPath(key);
    if (!file) return undefined;
    try {
      return await fs.promises.readFile(file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  }
  const { client, config } = s3();
  try {
    const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
    return out.Body ? await out.Body.transformToByteArray() : undefined;
  } catch (err) {
    if (err instanceof NoSuchKey) return undefined;
    throw err;
  }
}
