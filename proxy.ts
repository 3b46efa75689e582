import { type NextRequest, NextResponse } from "next/server";
import { PATH_HEADER } from "@/app/_lib/return-path";

/**
 * Console pages learn their own path (app/_lib/return-path.ts): a page that finds the session
 * expired sends the browser to sign in with `next=` that path. Whatever the client sent in the
 * header is replaced.
 */
export function proxy(request: NextRequest): NextResponse {
  const headers = new Headers(request.headers);
  headers.set(PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  return NextResponse.next({ request: { headers } });
}

export const config = {
  // Pages only: not the API, Next's assets, the public join page or the health checks.
  matcher: ["/((?!v1/|api/|_next/|r/|\\.well-known/|healthz|readyz|icon|favicon).*)"],
};
