import { PutObjectCommand } from "@aws-sdk/client-s3";
import { s3 } from "@/lib/storage/s3-client";

export async function putObject(obj: { key: string; body: Uint8Array; contentType: string }): Promise<void> {
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
