import { GetObjectCommand } from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { s3 } from "@/lib/storage/s3-client";
import { assertServedKey } from "@/lib/storage/served-keys";

/**
 * A presigned GET: the bytes go from storage to the browser, never through the API. The response
 * headers are part of the signature, so the attachment disposition cannot be stripped. Signed for
 * the public address (the app's `/storage` route on the local store), so remote users can follow it.
 */
export async function presignDownload(opts: {
  key: string;
  /** The attachment's name (a download); absent for media a player fetches (HLS segments). */
  filename?: string;
  contentType: string;
  expiresInSec: number;
}): Promise<string> {
  assertServedKey(opts.key);
  const { client, config } = s3({ public: true });
  return getSignedUrl(
    client,
    new GetObjectCommand({
      Bucket: config.bucket,
      Key: opts.key,
      ...(opts.filename ? { ResponseContentDisposition: `attachment; filename="${opts.filename}"` } : {}),
      ResponseContentType: opts.contentType,
    }),
    { expiresIn: opts.expiresInSec },
  );
}
