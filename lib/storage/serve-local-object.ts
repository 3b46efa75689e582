import fs from "node:fs";
import { Readable } from "node:stream";
import { ApiError } from "@/lib/http/errors";
import { DECLARED_LENGTH_HEADER } from "@/lib/http/server-hooks";
import { byteRange } from "@/lib/storage/byte-range";
import { checkLocalLink } from "@/lib/storage/check-local-link";

/** Content-Length, and its copy that survives Next's answer path (lib/http/server-hooks.ts). */
function length(bytes: number): Record<string, string> {
  return { "content-length": String(bytes), [DECLARED_LENGTH_HEADER]: String(bytes) };
}

const REFUSED = "A recording is served only to a valid, unexpired download link.";

/**
 * The local store's only door (the app's `/storage/<bucket>/<key>` route): a GET whose SigV4
 * presigned query verifies for exactly this bucket and key, before its expiry, gets the file, with
 * the content type and disposition the link signed. Listing, unsigned, expired, edited or
 * re-pathed links are 403 `access_denied`, whether or not the object exists; with a bucket
 * configured (`S3_BUCKET`) the route serves nothing.
 */
export async function serveLocalObject(
  req: Request,
  segments: string[],
  now = new Date(),
): Promise<Response> {
  const { file } = checkLocalLink(req, segments, now, "GET", REFUSED);
  const stat = await fs.promises.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw new ApiError("not_found", "No such recording object.");
  const q = new URL(req.url).searchParams;
  const headers: Record<string, string> = {
    "content-type": q.get("response-content-type") ?? "application/octet-stream",
    "accept-ranges": "bytes",
    "cache-control": "private, no-store",
    "last-modified": stat.mtime.toUTCString(),
    ...(q.get("response-content-disposition")
      ? { "content-disposition": q.get("response-content-disposition") ?? "" }
      : {}),
  };
  // Players seek and download managers resume with Range, as they do against S3.
  const range = byteRange(req.headers.get("range"), stat.size);
  if (range.kind === "unsatisfiable") {
    throw new ApiError("range_not_satisfiable", `The object has ${stat.size} bytes.`, {
      headers: { "content-range": `bytes */${stat.size}`, "accept-ranges": "bytes" },
    });
  }
  if (range.kind === "partial") {
    const stream = fs.createReadStream(file, { start: range.start, end: range.end });
    return new Response(Readable.toWeb(stream) as ReadableStream, {
      status: 206,
      headers: {
        ...headers,
        "content-range": `bytes ${range.start}-${range.end}/${stat.size}`,
        ...length(range.end - range.start + 1),
      },
    });
  }
  return new Response(Readable.toWeb(fs.createReadStream(file)) as ReadableStream, {
    status: 200,
    headers: { ...headers, ...length(stat.size) },
  });
}
