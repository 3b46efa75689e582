import { PutObjectCommand } from "@aws-sdk/client-s3";
import { writeLocalObject } from "@/lib/storage/local-object-store";
import { s3 } from "@/lib/storage/s3-client";
import { usesLocalStore } from "@/lib/storage/storage-config";

/** Stores an object: in the configured bucket, or (embedded default) in the local store's files. */
export async function putObject(obj: { key: string; body: Uint8Array; contentType: string }): Promise<void> {
  if (usesLocalStore()) return writeLocalObject(obj.key, obj.body);
  const { client, config } = s3();
  await client.send(
    new PutObjectCommand({
      Bucket: config.bucket,
      Key: obj.key,
      Body: obj.body,
      ContentType: obj.contentType,
      ContentLength: obj.body.byteLength,
    }),
  );
}
