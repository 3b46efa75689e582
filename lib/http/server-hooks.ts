import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { stampPeer } from "@/lib/http/client-ip";
import { problemBody } from "@/lib/http/errors";
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
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  };
}
