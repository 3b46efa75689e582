/**
 * The console's Content-Security-Policy (docs/decisions/0883). Scripts run only with this
 * response's nonce (Next puts it on its own bootstrap and chunk scripts when it finds the policy on
 * the request) and what those load ('strict-dynamic'); no 'unsafe-inline' or 'unsafe-eval' for
 * scripts outside development, where React's debugging needs eval and fast refresh a websocket.
 */
export function pageCsp(
  nonce: string,
  dev: boolean,
  connect: readonly string[] = [],
  media: readonly string[] = [],
): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${dev ? " 'unsafe-eval'" : ""}`,
    // Style attributes (React's style={…}) cannot carry a nonce; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    // `connect`: the media nodes, on the share-link page only (docs/decisions/1033).
    `connect-src 'self'${connect.map((c) => ` ${c}`).join("")}${dev ? " ws: wss:" : ""}`,
    // `media`: where recordings play from, on the console's recording pages (docs/decisions/1084).
    // blob: is hls.js's Media Source (docs/decisions/1247).
    `media-src 'self' blob:${media.map((m) => ` ${m}`).join("")}`,
    "frame-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

export { NON_PAGE_CSP } from "@/lib/http/non-page-csp.mjs";

/** A fresh, unguessable nonce per response. */
export function newNonce(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return Buffer.from(bytes).toString("base64");
}
