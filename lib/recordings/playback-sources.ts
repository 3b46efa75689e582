import { env } from "@/lib/env";

/**
 * Where the console's inline player fetches recordings from (docs/decisions/1084): the origin of
 * the presigned links, for the page's `media-src`. The local store is the app's own origin
 * ('self'); a bucket is its public endpoint, or AWS's virtual-hosted address.
 */
export function playbackSources(): string[] {
  if (!env.S3_BUCKET) return [];
  const endpoint = env.SVC_STORAGE_PUBLIC_URL ?? env.S3_ENDPOINT;
  if (endpoint && URL.canParse(endpoint)) return [new URL(endpoint).origin];
  return [`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`];
}
