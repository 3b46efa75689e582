import { HeadBucketCommand } from "@aws-sdk/client-s3";
import { s3 } from "@/lib/storage/s3-client";

/** Readiness probe: the recordings bucket answers (credentials and network included). */
export async function checkStorage(): Promise<void> {
  const { client, config } = s3();
  await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
}
