import { type ApiError, problemBody } from "@/lib/http/errors";

/**
 * Answers smaller than this are sent uncompressed (the `compression` middleware's own default).
 *
 * Next gzips every answer whose client accepts gzip, whatever its size: it streams a route
 * handler's body to the socket, so its compression middleware never learns the length and its
 * threshold never applies. A zlib stream per answer cost a room token 7 % of its main thread and
 * 17 % of its process CPU (`npm run bench:cpu` with `Accept-Encoding: gzip, deflate`, as Node's
 * fetch and Python's requests send it), to save a few hundred bytes. `no-transform` is the one
 * signal that middleware honours per answer (docs/decisions/0973).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** `cacheControl`, plus `no-transform` when `body` is too small to be worth compressing. */
export function cacheControlFor(body: string, cacheControl = "no-store"): string {
  // Cheap test first: under 342 UTF-16 units a string cannot reach 1,024 UTF-8 bytes.
  const small = body.length < 342 || Buffer.byteLength(body) < COMPRESSION_THRESHOLD_BYTES;
  return small ? withNoTransform(cacheControl) : cacheControl;
}

/** A `Cache-Control` value with `no-transform` added (alone when there was none). */
function withNoTransform(cacheControl: string | null): string {
  return cacheControl ? `${cacheControl}, no-transform` : "no-transform";
}

/**
 * An answer built by a library's handler (next-auth's), given `no-transform` as json() gives it
 * when its body is small. Such answers are small JSON or redirects, so reading the body to learn
 * its size costs little; a body that is not small is passed on unchanged. A `Cache-Control` the
 * library chose is kept; without one, `no-transform` is all that is added.
 */
export async function smallAnswerUncompressed(res: Response): Promise<Response> {
  if (!res.body) return res;
  const declared = Number(res.headers.get("content-length") ?? Number.NaN);
  if (declared >= COMPRESSION_THRESHOLD_BYTES) return res;
  const bytes = await res.arrayBuffer();
  const headers = new Headers(res.headers);
  if (bytes.byteLength < COMPRESSION_THRESHOLD_BYTES) {
    headers.set("cache-control", withNoTransform(headers.get("cache-control")));
  }
  return new Response(bytes, { status: res.status, statusText: res.statusText, headers });
}

/** Answer headers; a list sends the field once per value (several `Set-Cookie`). */
export type HeaderValues = Record<string, string | string[]>;

export function toHeaders(values: HeaderValues): Headers {
  const h = new Headers();
  for (const [name, v] of Object.entries(values)) {
    if (Array.isArray(v)) for (const one of v) h.append(name, one);
    else h.set(name, v);
  }
  return h;
}

export function json(status: number, body: unknown, headers: HeaderValues = {}): Response {
  const text = JSON.stringify(body);
  const h = toHeaders({ "content-type": "application/json; charset=utf-8", ...headers });
  const cc = headers["cache-control"];
  h.set("cache-control", cacheControlFor(text, typeof cc === "string" ? cc : undefined));
  return new Response(text, { status, headers: h });
}

export function noContent(headers: HeaderValues = {}): Response {
  return new Response(null, { status: 204, headers: toHeaders({ "cache-control": "no-store", ...headers }) });
}

export function problem(err: ApiError): Response {
  const text = JSON.stringify(problemBody(err));
  return new Response(text, {
    status: err.status,
    headers: {
      "content-type": "application/problem+json; charset=utf-8",
      ...(err.extra.headers ?? {}),
      "cache-control": cacheControlFor(text, err.extra.headers?.["cache-control"]),
    },
  });
}
