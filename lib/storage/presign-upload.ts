import { PutObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { s3 } from "@/lib/storage/s3-client";
import { assertServedKey } from "@/lib/storage/served-keys";

/**
 * A presigned PUT for one object key of exactly `sizeBytes` (a recording's file, from the recording
 * agent: docs/decisions/1082, 1245). `host` and `content-length` are signed: the key, the method,
 * the size and the expiry are fixed by the signature, so S3 (and the local store) refuse a body of
 * any other length, and the size cap checked when the link is issued holds. Signed for the public
 * address, as downloads are: the agent runs beside a media node, not beside the service.
 */
export async function presignUpload(opts: {
  key: string;
  sizeBytes: number;
  expiresInSec: number;
}): Promise<string> {
  assertServedKey(opts.key);
  const { client, config } = s3({ public: true });
  return getSignedUrl(
    client,
    new PutObjectCommand({ Bucket: config.bucket, Key: opts.key, ContentLength: opts.sizeBytes }),
    { expiresIn: opts.expiresInSec },
  );
}
