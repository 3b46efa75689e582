import { type ApiError, problemBody } from "@/lib/http/errors";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

export function noContent(headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 204, headers: { "cache-control": "no-store", ...headers } });
}

export function problem(err: ApiError): Response {
  return new Response(JSON.stringify(problemBody(err)), {
    status: err.status,
    headers: {
      "content-type": "application/problem+json; charset=utf-8",
      "cache-control": "no-store",
      ...(err.extra.headers ?? {}),
    },
  });
}
