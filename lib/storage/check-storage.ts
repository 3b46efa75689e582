import { HeadBucketCommand } from "@aws-sdk/client-s3";
import { localStoreReady } from "@/lib/storage/local-object-store";
import { s3 } from "@/lib/storage/s3-client";
import { usesLocalStore } from "@/lib/storage/storage-config";

/** Readiness probe: the recordings bucket answers (credentials and network included), or the local store is prepared. */
export async function checkStorage(): Promise<void> {
  if (usesLocalStore()) {
    if (!localStoreReady()) throw new Error("the local object store is not prepared (see the start-up log)");
    return;
  }
  const { client, config } = s3();
  await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
}
