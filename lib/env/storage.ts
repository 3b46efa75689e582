import { z } from "zod";
import { bool, optionalString } from "@/lib/env-fields";

/**
 * Object storage of recordings: S3 or the embedded store. Declared here, assembled and read by lib/env.ts (the one reader of process.env), whose
 * descriptions docs/configuration.md and `.env.example` are rendered from (`npm run docs:generate`).
 */
export const storageSettings = {
  /** S3-compatible endpoint for recordings (R2, MinIO); unset with S3_BUCKET set: AWS S3. */
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  /**
   * Bucket of recordings; unset: the embedded object store in `$SVC_DATA_DIR/objects`, served at `/storage` to presigned links only.
   * @default the embedded store
   */
  S3_BUCKET: optionalString,
  /** Region of S3_BUCKET (`auto` on R2). */
  S3_REGION: z.string().default("us-east-1"),
  /** Access key of S3_BUCKET; unset: the AWS SDK's default chain (instance role, …). */
  S3_ACCESS_KEY_ID: optionalString,
  /** Secret of S3_ACCESS_KEY_ID. */
  S3_SECRET_ACCESS_KEY: optionalString,
  /** `true` for path-style bucket URLs (MinIO). */
  S3_FORCE_PATH_STYLE: bool,
  /**
   * Origin (and path) download links point at; default `<SVC_BASE_URL>/storage` on the local store.
   * @default `<SVC_BASE_URL>/storage`
   */
  SVC_STORAGE_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  /**
   * The largest object a recording upload may store, in bytes (the MP4, or one file of its HLS
   * rendition): an agent asking for a link for more is refused (413), and the link signs the size,
   * so storage refuses any other. At most 5 GiB (S3's largest single PUT).
   */
  SVC_RECORDING_UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(5 * 1024 ** 3)
    .default(2 * 1024 ** 3),
  /**
   * A bucket of its own for the audit log's sealed anchors (docs/decisions/1360), reached with
   * S3_BUCKET's endpoint and credentials; best with object lock, writable by the service only.
   * Unset with S3_BUCKET set: S3_BUCKET under `audit-anchors/`, a prefix no link or deletion of
   * the service reaches. The embedded store keeps anchors in a folder beside its bucket.
   * @default S3_BUCKET under `audit-anchors/`
   */
  SVC_AUDIT_ANCHOR_BUCKET: optionalString,
};
