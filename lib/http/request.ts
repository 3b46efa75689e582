import type { z } from "zod";
import { env } from "@/lib/env";
import { ApiError, type FieldError, validationError } from "@/lib/http/errors";

export const MAX_BODY_BYTES = 1024 * 1024;

export function zodIssues(error: z.ZodError): FieldError[] {
  return error.issues.map((i) => ({
    path: i.path.map(String).join("."),
    message: i.message,
  }));
}

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(zodIssues(result.error));
  return result.data;
}

/**
 * One decoder for every body: a TextDecoder per request cost more than the decoding of a small
 * body. `decode` without `stream` keeps no state between calls.
 */
export const utf8 = new TextDecoder("utf-8");

/** Reads a JSON body: 415 for another content type, 413 past 1 MiB, 400 for malformed JSON. */
export async function readJson(req: Request, opts: { optional?: boolean } = {}): Promise<unknown> {
  const text = utf8.decode(await readBodyBytes(req));
  if (text.trim() === "") {
    if (opts.optional) return undefined;
    throw validationError([{ path: "", message: "A JSON body is required." }]);
  }
  const type = (req.headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "application/json" && !type.endsWith("+json")) {
    throw new ApiError("unsupported_media_type", "Send the body as application/json.");
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("invalid_json", "The body is not valid JSON.");
  }
}

/**
 * The client went away while its request was read (a reset or abort of the body stream): logged
 * as a disconnect, never mistaken for a database outage (docs/decisions/1057).
 */
export class ClientClosedError extends Error {
  override name = "ClientClosedError";
  readonly code = "ECLIENTCLOSED";
}

/** The next chunk, or the body deadline's 408, whichever comes first. */
async function readBefore(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  deadline: number,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), Math.max(0, deadline - Date.now()));
  });
  try {
    const next = await Promise.race([
      reader.read().catch((err: unknown) => {
        throw new ClientClosedError("the client closed the connection while sending the body", {
          cause: err,
        });
      }),
      late,
    ]);
    if (next !== "late") return next;
  } finally {
    clearTimeout(timer);
  }
  reader.cancel().catch(() => {});
  throw new ApiError(
    "request_timeout",
    `The request body must arrive within ${env.SVC_REQUEST_BODY_TIMEOUT_MS} ms.`,
    { headers: { Connection: "close" } },
  );
}

/**
 * The raw body, at most MAX_BODY_BYTES (413 past it, whatever Content-Length claimed), whole within
 * SVC_REQUEST_BODY_TIMEOUT_MS of the first read (408 after it).
 */
export async function readBodyBytes(req: Request): Promise<Uint8Array> {
  if (Number(req.headers.get("content-length") ?? "0") > MAX_BODY_BYTES)
    throw new ApiError("payload_too_large", `Bodies are limited to ${MAX_BODY_BYTES} bytes.`);
  if (!req.body) return new Uint8Array();
  const deadline = Date.now() + env.SVC_REQUEST_BODY_TIMEOUT_MS;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await readBefore(reader, deadline);
    if (done) break;
    total += value.byteLength;
    if (total > MAX_BODY_BYTES) {
      await reader.cancel();
      throw new ApiError("payload_too_large", `Bodies are limited to ${MAX_BODY_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function parseBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  return parseObject(schema, await readJson(req));
}

/** A JSON body already read, checked as parseBody checks it. */
export function parseObject<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw validationError([{ path: "", message: "The body must be a JSON object." }]);
  }
  return parseWith(schema, body);
}

/** Query parameters as a plain object; a repeated parameter is a validation error, not a silent pick. */
export function parseQuery<S extends z.ZodType>(req: Request, schema: S): z.output<S> {
  const params = new URL(req.url).searchParams;
  const out: Record<string, string> = {};
  const repeated: FieldError[] = [];
  for (const [k, v] of params) {
    if (k in out) repeated.push({ path: k, message: "Give this parameter once." });
    out[k] = v;
  }
  if (repeated.length > 0) throw validationError(repeated);
  return parseWith(schema, out);
}
