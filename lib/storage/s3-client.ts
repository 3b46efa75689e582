import { S3Client } from "@aws-sdk/client-s3";
import { type StorageConfig, storageConfig } from "@/lib/storage/storage-config";

const clients = new Map<string, S3Client>();

/** One client per storage configuration (tests switch configurations within a process). */
export function s3(): { client: S3Client; config: StorageConfig } {
  const config = storageConfig();
  const cacheKey = JSON.stringify(config);
  let client = clients.get(cacheKey);
  if (!client) {
    client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 demands them: R2, MinIO and the local store reject or ignore the
      // newer default headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    clients.set(cacheKey, client);
  }
  return { client, config };
}
