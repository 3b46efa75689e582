import { peerStamp } from "@/lib/http/client-ip";

/**
 * Calls the real route handlers in-process: the path is matched against app/**\/route.ts exactly as
 * Next's file-system router would (static segments before dynamic ones, catch-alls last).
 */
type Handler = (
  req: Request,
  ctx: { params: Promise<Record<string, string | string[]>> },
) => Promise<Response>;
type RouteModule = Partial<Record<string, Handler>>;

// Globs skip dot-directories, so /.well-known routes are listed on their own.
const modules = {
  ...import.meta.glob<RouteModule>("/app/**/route.ts"),
  ...import.meta.glob<RouteModule>("/app/.well-known/**/route.ts"),
};

interface Route {
  segments: string[];
  load: () => Promise<RouteModule>;
  rank: number[];
}

const routes: Route[] = Object.entries(modules)
  .map(([file, load]) => {
    const segments = file
      .replace(/^\/app/, "")
      .replace(/\/route\.ts$/, "")
      .split("/")
      .filter((s) => s !== "" && !/^\(.*\)$/.test(s));
    // Per segment: static 0, dynamic 1, catch-all 2; compared position by position (Next's order).
    const rank = segments.map((s) => (s.startsWith("[...") ? 2 : s.startsWith("[") ? 1 : 0));
    return { segments, load, rank };
  })
  .sort((a, b) => {
    for (let i = 0; i < Math.min(a.rank.length, b.rank.length); i++) {
      const d = (a.rank[i] as number) - (b.rank[i] as number);
      if (d !== 0) return d;
    }
    return b.segments.length - a.segments.length;
  });

function match(route: Route, parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < route.segments.length; i++) {
    const seg = route.segments[i] as string;
    if (seg.startsWith("[...")) {
      const rest = parts.slice(i);
      if (rest.length === 0) return null;
      params[seg.slice(4, -1)] = rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if (seg.startsWith("[")) params[seg.slice(1, -1)] = part;
    else if (seg !== part) return null;
  }
  return parts.length === route.segments.length ? params : null;
}

export interface CallOptions {
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  token?: string;
  query?: Record<string, string | number | undefined>;
  /** The TCP peer the server would stamp (lib/http/client-ip.ts); null for a request without one. */
  peer?: string | null;
}

export interface CallResult<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export const BASE = "http://localhost:3000";

export async function call<T = Record<string, unknown>>(
  method: string,
  path: string,
  opts: CallOptions = {},
): Promise<CallResult<T>> {
  const url = new URL(path, BASE);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined) url.searchParams.set(k, String(v));
  const headers = new Headers(opts.headers);
  if (opts.token) headers.set("authorization", `Bearer ${opts.token}`);
  const stamp = peerStamp(opts.peer ?? "127.0.0.1");
  if (opts.peer !== null && !headers.has(stamp.name)) headers.set(stamp.name, stamp.value);
  let body = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const hangUp = new AbortController();
  const req = new Request(url, { method, headers, body, signal: hangUp.signal });
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const route of routes) {
    const params = match(route, parts);
    if (!params) continue;
    const mod = await route.load();
    const handler = mod[method];
    if (!handler) return { status: 405, headers: new Headers(), body: undefined as T, text: "" };
    const res = await handler(req, { params: Promise.resolve(params) });
    let text: string;
    // A stream (server-sent events) never ends by itself: its first chunk is the text, then hang up.
    if (res.ok && res.body && res.headers.get("content-type")?.startsWith("text/event-stream")) {
      const reader = res.body.getReader();
      text = new TextDecoder().decode((await reader.read()).value);
      hangUp.abort();
      await reader.cancel();
    } else text = await res.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }
  throw new Error(`no route for ${method} ${url.pathname}`);
}

/**
 * Routes a ready-made Request to its handler and returns the handler's Response as it is (a
 * stream stays a stream): for tests that put the in-process app behind a real HTTP server.
 */
export async function dispatch(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  for (const route of routes) {
    const params = match(route, parts);
    if (!params) continue;
    const handler = (await route.load())[req.method];
    if (!handler) return new Response(null, { status: 405 });
    return handler(req, { params: Promise.resolve(params) });
  }
  return new Response(null, { status: 404 });
}

/** Asserts the RFC 7807 shape every error answers with, and returns the body. */
export function expectProblem(res: CallResult, status: number, code: string) {
  const b = res.body as Record<string, unknown> | undefined;
  if (res.status !== status || b?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${res.status} ${res.text}`);
  }
  if (!res.headers.get("content-type")?.startsWith("application/problem+json")) {
    throw new Error(`expected application/problem+json, got ${res.headers.get("content-type")}`);
  }
  for (const field of ["type", "title", "detail"]) {
    if (typeof b[field] !== "string") throw new Error(`problem body lacks ${field}: ${res.text}`);
  }
  if (b.status !== status) throw new Error(`problem status ${String(b.status)} != ${status}`);
  return b;
}
