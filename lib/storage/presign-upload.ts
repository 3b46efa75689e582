import { PutObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { s3 } from "@/lib/storage/s3-client";

/**
 * A presigned PUT for one object key (a recording's file, from the recording agent:
 * docs/decisions/1082). Only `host` is signed, so the uploader may send any Content-Type and
 * length; the key, the method and the expiry are fixed by the signature. Signed for the public
 * address, as downloads are: the agent runs beside a media node, not beside the service.
 */
export async function presignUpload(opts: { key: string; expiresInSec: number }): Promise<string> {
  const { client, config } = s3({ public: true });
  return getSignedUrl(client, new PutObjectCommand({ Bucket: config.bucket, Key: opts.key }), {
    expiresIn: opts.expiresInSec,
  });
}
