import { env } from "@/lib/env";

/**
 * Where recording objects live. With `S3_BUCKET` set: that bucket on AWS S3 (no `S3_ENDPOINT`), or
 * on any S3-compatible service at `S3_ENDPOINT` (R2, MinIO…). Without it: the embedded local store
 * that starts with the app (`lib/storage/local-object-store.ts`).
 */
export interface StorageConfig {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  forcePathStyle: boolean;
  /** undefined: the SDK's default chain (environment, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  local: boolean;
}

export const LOCAL_BUCKET = "svc-recordings";
/** The local store accepts any well-formed signature; these are s3rver's documented defaults. */
export const LOCAL_CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };

const localState = globalThis as typeof globalThis & { __svcLocalS3Endpoint?: string };

/** The running local store announces its address here (its port may be chosen by the OS). */
export function setLocalEndpoint(endpoint: string | undefined): void {
  localState.__svcLocalS3Endpoint = endpoint;
}

export function localEndpoint(): string {
  return localState.__svcLocalS3Endpoint ?? `http://127.0.0.1:${env.SVC_LOCAL_S3_PORT}`;
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
    endpoint: localEndpoint(),
    forcePathStyle: true,
    credentials: LOCAL_CREDENTIALS,
    local: true,
  };
}
