import { S3Client } from "@aws-sdk/client-s3";
import { type StorageConfig, storageConfig } from "@/lib/storage/storage-config";

const clients = new Map<string, S3Client>();

/**
 * One client per storage configuration and endpoint (tests switch configurations within a
 * process). `public` signs download links for the address users reach; the default one talks to
 * the bucket from the server.
 */
export function s3(opts: { public?: boolean } = {}): { client: S3Client; config: StorageConfig } {
  const config = storageConfig();
  const endpoint = opts.public ? config.publicEndpoint : config.endpoint;
  const cacheKey = JSON.stringify({ ...config, endpoint });
  let client = clients.get(cacheKey);
  if (!client) {
    client = new S3Client({
      region: config.region,
      endpoint,
      forcePathStyle: config.forcePathStyle,
      credentials: config.credentials,
      // Checksums only where S3 demands them: R2 and MinIO reject or ignore the newer default headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    clients.set(cacheKey, client);
  }
  return { client, config };
}
