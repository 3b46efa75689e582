import { type NextRequest, NextResponse } from "next/server";
import { PATH_HEADER } from "@/app/_lib/return-path";
import { env } from "@/lib/env";
import { newNonce, pageCsp } from "@/lib/http/csp";
import { playbackSources } from "@/lib/recordings/playback-sources";
import { mediaConnectSources } from "@/lib/share-link/connect-sources";

/**
 * Next 16's proxy (Node runtime), on page requests only (the API is not slowed by it): a fresh
 * nonce and the CSP naming it, on the response and on the request, where Next reads it to put the
 * nonce on its own scripts (docs/decisions/0883). It also stamps the page's own path, replacing
 * whatever a client sent, so a page that finds the session ended can send the browser to sign in
 * and back here afterwards (app/_lib/return-path.ts, docs/decisions/0843).
 */
export function proxy(request: NextRequest): NextResponse {
  const nonce = newNonce();
  // Only the share-link page talks to media nodes (docs/decisions/1033).
  const media = request.nextUrl.pathname.startsWith("/r/") ? mediaConnectSources() : [];
  // The recordings and room pages play recordings from storage (docs/decisions/1084).
  const path = request.nextUrl.pathname;
  // The share link plays a live room's stream from storage the same way (docs/streaming.md).
  const playback =
    path.startsWith("/recordings") || path.startsWith("/rooms/") || path.startsWith("/r/")
      ? playbackSources()
      : [];
  // hls.js fetches a recording's segments from storage with XHR: connect-src too (1247).
  const csp = pageCsp(nonce, env.NODE_ENV === "development", [...media, ...playback], playback);
  const headers = new Headers(request.headers);
  headers.set("x-nonce", nonce);
  headers.set("content-security-policy", csp);
  headers.set(PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const res = NextResponse.next({ request: { headers } });
  res.headers.set("content-security-policy", csp);
  return res;
}

export const config = {
  matcher: [
    {
      // Every page answer, prefetches and RSC payloads included (docs/decisions/1058): a prefetched
      // document may become the page the browser shows, so it carries a policy like any other. Not
      // static files, next-auth and Inngest endpoints, probes or the API (next.config.mjs gives those
      // a policy that allows nothing).
      source:
        "/((?!v1|api|_next/static|_next/image|healthz|readyz|storage|\\.well-known|icon\\.svg|favicon\\.ico).*)",
    },
  ],
};
