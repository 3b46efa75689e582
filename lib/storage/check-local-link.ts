import { ApiError } from "@/lib/http/errors";
import { localObjectPath } from "@/lib/storage/local-object-store";
import { storageConfig } from "@/lib/storage/storage-config";
import { presignedGetProblem } from "@/lib/storage/verify-presigned-get";

/**
 * The local store's door check, for downloads (GET) and the recording agent's uploads (PUT): the
 * request's SigV4 presigned query must verify for exactly this bucket, key and method, before its
 * expiry. Anything else is 403 `access_denied` with `refused` and the reason, whether or not the
 * object exists; with a bucket configured (`S3_BUCKET`) the route serves nothing (404).
 * Returns the object's file path in the store's directory.
 */
export function checkLocalLink(
  req: Request,
  segments: string[],
  now: Date,
  method: "GET" | "PUT",
  refused: string,
): { key: string; file: string } {
  const config = storageConfig();
  if (!config.local || !config.credentials || !config.publicEndpoint)
    throw new ApiError("not_found", "Recordings are stored in the configured bucket, not by this app.");
  const [bucket, ...keyParts] = segments;
  if (bucket !== config.bucket || keyParts.length === 0) throw new ApiError("access_denied", refused);
  const key = keyParts.join("/");
  const publicUrl = new URL(config.publicEndpoint);
  const problem = presignedGetProblem({
    host: publicUrl.host,
    path: `${publicUrl.pathname.replace(/\/+$/, "")}/${bucket}/${key}`,
    query: new URL(req.url).searchParams,
    credentials: config.credentials,
    region: config.region,
    now,
    method,
    contentLength: req.headers.get("content-length"),
  });
  if (problem) throw new ApiError("access_denied", `${refused} Here, ${problem}.`);
  const file = localObjectPath(key);
  if (!file) throw new ApiError("access_denied", refused);
  return { key, file };
}
