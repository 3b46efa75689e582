import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import { stampPeer } from "@/lib/http/client-ip";
import { ApiError, problemBody } from "@/lib/http/errors";
import { v1PathProblem } from "@/lib/http/v1-path";
import { log } from "@/lib/log/logger";

const state = globalThis as typeof globalThis & { __svcServerHooks?: boolean };

/**
 * What every request goes through as the HTTP server receives it, before Next's router: its
 * socket address is stamped for the client-IP module, and a malformed path under `/v1` is answered
 * with problem+json at once (Next would redirect it, or answer HTML or a plain-text 500).
 * Returns false when the request was answered here.
 */
export function screenRequest(req: IncomingMessage, res: ServerResponse): boolean {
  stampPeer(req);
  if (req.url?.startsWith("/storage/")) restoreContentLength(res);
  const err = v1PathProblem(req.url ?? "/");
  if (!err) return true;
  res.writeHead(err.status, {
    "content-type": "application/problem+json; charset=utf-8",
    "cache-control": "no-store",
  });
  res.end(req.method === "HEAD" ? undefined : JSON.stringify(problemBody(err)));
  // Drain whatever body was sent, so a keep-alive connection stays usable.
  req.resume();
  log.info("request", {
    method: req.method,
    path: (req.url ?? "").split("?")[0]?.slice(0, 200),
    status: err.status,
    rejected: err.message,
  });
  return false;
}

/**
 * The length a route handler declares for its body (the local object store's downloads,
 * docs/decisions/1016). Next drops `Content-Length` from every route-handler answer
 * (next/dist/server/send-response.js), so a download would go out chunked with no size, unlike S3:
 * the handler names it in this header too, and the server restores it as the answer's head is
 * written. Not when the body is being compressed (its length is then unknown).
 */
export const DECLARED_LENGTH_HEADER = "x-svc-content-length";

function restoreContentLength(res: ServerResponse): void {
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadWithLength(this: ServerResponse, ...args: unknown[]) {
    const declared = this.getHeader(DECLARED_LENGTH_HEADER);
    if (declared !== undefined) {
      this.removeHeader(DECLARED_LENGTH_HEADER);
      if (!this.hasHeader("content-encoding") && /^\d+$/.test(String(declared))) {
        this.setHeader("content-length", String(declared));
      }
    }
    return Reflect.apply(writeHead, this, args) as ServerResponse;
  } as typeof res.writeHead;
}

/**
 * A request Node's parser rejects before any handler runs (a request target starting with a
 * backslash, a malformed header) gets problem+json 400 instead of Node's bare 400. Timeouts (408)
 * and oversized headers (431) keep Node's answer. Returns false to leave the error to Node.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): boolean {
  const code = err.code ?? "";
  if (!socket.writable || code === "HPE_HEADER_OVERFLOW" || code === "ERR_HTTP_REQUEST_TIMEOUT") return false;
  if (code === "ECONNRESET") {
    socket.destroy();
    return true;
  }
  const body = JSON.stringify(
    problemBody(new ApiError("malformed_request", "The HTTP request could not be parsed.")),
  );
  // A HEAD request's answer has no body (the raw packet tells what the parser got).
  const head = (err as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString("latin1") === "HEAD ";
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${head ? "" : body}`,
  );
  log.info("request", { status: 400, rejected: `unparsable request (${code || "parse error"})` });
  return true;
}

/**
 * Called first by the instrumentation hook (Node runtime): every HTTP server of the process
 * (`next start`, the standalone server, `next dev`) screens each request before Next sees it.
 */
export function installServerHooks(): void {
  if (state.__svcServerHooks) return;
  state.__svcServerHooks = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function emitScreened(
    this: http.Server,
    event: string | symbol,
    ...args: unknown[]
  ): boolean {
    if (event === "request" || event === "checkContinue" || event === "checkExpectation") {
      if (!screenRequest(args[0] as IncomingMessage, args[1] as ServerResponse)) return true;
    }
    if (event === "clientError" && this.listenerCount("clientError") === 0) {
      if (answerClientError(args[0] as NodeJS.ErrnoException, args[1] as Socket)) return true;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  };
}
