import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { ApiError } from "@/lib/http/errors";
import { checkLocalLink } from "@/lib/storage/check-local-link";

/** The local store takes recordings up to this size; S3 takes 5 GB in one PUT, so do we. */
export const LOCAL_PUT_MAX_BYTES = 5 * 1024 ** 3;

const REFUSED = "An object is written only through a valid, unexpired upload link.";

/**
 * The local store's presigned PUT (docs/decisions/1082): the recording agent uploads a recording's
 * file through the link the service issued for that one key. The signature, key and expiry are
 * checked as S3 checks them; the body streams to a temporary file that replaces the object only
 * when complete, so an upload cut off part-way (the agent killed) leaves no partial object, and a
 * second upload of the same key simply replaces the first. Answers 200 with no body, as S3 does.
 */
export async function receiveLocalObject(
  req: Request,
  segments: string[],
  now = new Date(),
): Promise<Response> {
  const { file } = checkLocalLink(req, segments, now, "PUT", REFUSED);
  if (Number(req.headers.get("content-length") ?? "0") > LOCAL_PUT_MAX_BYTES)
    throw new ApiError("payload_too_large", `Objects are limited to ${LOCAL_PUT_MAX_BYTES} bytes.`);
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${Date.now()}.upload`;
  let received = 0;
  try {
    const body = req.body
      ? Readable.fromWeb(req.body as import("node:stream/web").ReadableStream)
      : Readable.from([]);
    body.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > LOCAL_PUT_MAX_BYTES)
        body.destroy(new ApiError("payload_too_large", "The object is too large."));
    });
    await pipeline(body, fs.createWriteStream(tmp, { mode: 0o600 }));
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    if (err instanceof ApiError) throw err;
    throw new ApiError("malformed_request", "The upload did not arrive whole.");
  }
  return new Response(null, { status: 200 });
}
