import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { checkLocalLink } from "@/lib/storage/check-local-link";

const REFUSED = "An object is written only through a valid, unexpired upload link.";

/**
 * The local store's presigned PUT (docs/decisions/1082): the recording agent uploads a recording's
 * file through the link the service issued for that one key. The signature, key and expiry are
 * checked as S3 checks them; the body streams to a temporary file that replaces the object only
 * when complete, so an upload cut off part-way (the agent killed) leaves no partial object, and a
 * second upload of the same key simply replaces the first. Answers 200 with no body, as S3 does.
 * Bodies are capped (SVC_RECORDING_UPLOAD_MAX_BYTES, 413 problem+json beyond it, before or while
 * reading), and a link that signs its Content-Length stores exactly that many bytes or nothing.
 */
export async function receiveLocalObject(
  req: Request,
  segments: string[],
  now = new Date(),
): Promise<Response> {
  const max = env.SVC_RECORDING_UPLOAD_MAX_BYTES;
  const tooLarge = () =>
    new ApiError(
      "payload_too_large",
      `Objects are limited to ${max} bytes (SVC_RECORDING_UPLOAD_MAX_BYTES).`,
    );
  const { file } = checkLocalLink(req, segments, now, "PUT", REFUSED);
  const declared = req.headers.get("content-length");
  if (Number(declared ?? "0") > max) throw tooLarge();
  const signsLength = new URL(req.url).searchParams.get("X-Amz-SignedHeaders") === "content-length;host";
  await fs.promises.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${Date.now()}.upload`;
  let received = 0;
  try {
    const body = req.body
      ? Readable.fromWeb(req.body as import("node:stream/web").ReadableStream)
      : Readable.from([]);
    body.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > max) body.destroy(tooLarge());
    });
    await pipeline(body, fs.createWriteStream(tmp, { mode: 0o600 }));
    if (signsLength && String(received) !== declared)
      throw new ApiError(
        "malformed_request",
        `The upload has ${received} bytes, not the ${declared} its link signs.`,
      );
    await fs.promises.rename(tmp, file);
  } catch (err) {
    await fs.promises.rm(tmp, { force: true });
    if (err instanceof ApiError) throw err;
    throw new ApiError("malformed_request", "The upload did not arrive whole.");
  }
  return new Response(null, { status: 200 });
}
