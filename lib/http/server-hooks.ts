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

/** Node's parser keeps failing on the rest of a rejected request: answer each socket once. */
const answered = new WeakSet<Socket>();

/** Node's own limit on a request's header block (`--max-http-header-size`, 16 KiB by default). */
export const MAX_HEADER_BYTES = http.maxHeaderSize;

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
 * Writes a problem+json answer on a raw socket, then closes our side but keeps reading (and
 * discarding) what the client is still sending for a moment: closing with unread bytes would make
 * the kernel reset the connection before the client reads the answer (docs/decisions/1057).
 */
function answerRaw(socket: Socket, status: number, reason: string, err: ApiError, head: boolean): void {
  const body = JSON.stringify(problemBody(err));
  socket.on("data", () => {});
  socket.on("error", () => {});
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/problem+json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${head ? "" : body}`,
  );
  socket.resume();
  setTimeout(() => socket.destroy(), 2_000).unref();
}

/**
 * A request Node's parser rejects before any handler runs gets problem+json instead of Node's
 * bare answer: 400 for a malformed request (a target starting with a backslash, a bad header), 431
 * for a header block past Node's limit, 408 when the request did not arrive in time. Returns false
 * to leave the error to Node (nothing can be written any more).
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): boolean {
  const code = err.code ?? "";
  if (answered.has(socket)) return true;
  if (code === "ECONNRESET") {
    socket.destroy();
    return true;
  }
  if (!socket.writable) return false;
  answered.add(socket);
  // A HEAD request's answer has no body (the raw packet tells what the parser got).
  const head = (err as { rawPacket?: Buffer }).rawPacket?.subarray(0, 5).toString("latin1") === "HEAD ";
  if (code === "HPE_HEADER_OVERFLOW") {
    answerRaw(
      socket,
      431,
      "Request Header Fields Too Large",
      new ApiError("headers_too_large", `Request headers are limited to ${MAX_HEADER_BYTES} bytes in all.`),
      head,
    );
    log.info("request", { status: 431, rejected: "headers too large" });
    return true;
  }
  if (code === "ERR_HTTP_REQUEST_TIMEOUT") {
    answerRaw(
      socket,
      408,
      "Request Timeout",
      new ApiError("request_timeout", "The request did not arrive in time."),
      head,
    );
    log.info("request", { status: 408, rejected: "request timed out" });
    return true;
  }
  answerRaw(
    socket,
    400,
    "Bad Request",
    new ApiError("malformed_request", "The HTTP request could not be parsed."),
    head,
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
