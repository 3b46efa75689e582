import { createHmac } from "node:crypto";
import path from "node:path";
import { env } from "@/lib/env";
import { getEncryptionKey } from "@/lib/secrets";

/**
 * Where recording objects live. With `S3_BUCKET` set: that bucket on AWS S3 (no `S3_ENDPOINT`), or
 * on any S3-compatible service at `S3_ENDPOINT` (R2, MinIO…). Without it: the embedded local store,
 * files in the data dir served by the app's own `/storage` route to valid presigned links only
 * (lib/storage/local-object-store.ts, docs/decisions/0884).
 */
export interface StorageConfig {
  bucket: string;
  region: string;
  /** Where the app's S3 client sends requests (undefined: AWS). */
  endpoint: string | undefined;
  /** The base download links are signed for: what a remote user can reach. */
  publicEndpoint: string | undefined;
  forcePathStyle: boolean;
  /** undefined: the SDK's default chain (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  local: boolean;
}

export const LOCAL_BUCKET = "svc-recordings";
export const LOCAL_ACCESS_KEY_ID = "svc-local";

/** The local store's signing secret: derived from the app's encryption key, never stored or shown. */
export function localCredentials(): { accessKeyId: string; secretAccessKey: string } {
  const secret = createHmac("sha256", getEncryptionKey())
    .update("svc-local-object-store")
    .digest("base64url");
  return { accessKeyId: LOCAL_ACCESS_KEY_ID, secretAccessKey: secret };
}

const localState = globalThis as typeof globalThis & { __svcLocalObjectsDir?: string };

/** The directory the local store keeps objects in (tests point it at a temp dir). */
export function localObjectsDir(): string {
  return localState.__svcLocalObjectsDir ?? path.resolve(env.SVC_DATA_DIR, "objects");
}

export function setLocalObjectsDir(dir: string | undefined): void {
  localState.__svcLocalObjectsDir = dir;
}

/** Download links of the local store: `SVC_STORAGE_PUBLIC_URL`, or the app's own `/storage` route. */
export function localPublicEndpoint(): string {
  return (env.SVC_STORAGE_PUBLIC_URL ?? `${env.baseUrl}/storage`).replace(/\/+$/, "");
}

export function usesLocalStore(): boolean {
  return env.S3_BUCKET === undefined;
}

export function storageConfig(): StorageConfig {
  if (env.S3_BUCKET) {
    return {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      // A bucket on a private network (MinIO) can be published under another address.
      publicEndpoint: env.SVC_STORAGE_PUBLIC_URL ?? env.S3_ENDPOINT,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
      local: false,
    };
  }
  return {
    bucket: LOCAL_BUCKET,
    region: env.S3_REGION,
    endpoint: localPublicEndpoint(),
    publicEndpoint: localPublicEndpoint(),
    forcePathStyle: true,
    credentials: localCredentials(),
    local: true,
  };
}
