import fs from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { Agent, request } from "node:https";
import { createSecureContext, rootCertificates, type SecureContext } from "node:tls";
import { env } from "@/lib/env";
import { blockedHostReason } from "@/lib/webhooks/address-policy";
import { classifyNetworkError, classifyStatus, type ErrorClass } from "@/lib/webhooks/delivery/error-class";
import { BlockedAddressError, connectionLookup } from "@/lib/webhooks/resolve-host";

/** An attempt's deadline: docs/spec/product-decisions.md §6's 10 s unless SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS says otherwise. */
export const attemptTimeoutMs = (): number => env.SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS;
/** Stored per attempt in the delivery log; the rest of a response is not kept. */
export const RESPONSE_BODY_LIMIT = 4096;
const READ_LIMIT_BYTES = 16 * 1024;

export interface PostResult {
  startedAt: Date;
  durationMs: number;
  /** null when no response arrived (timeout, network or policy error). */
  statusCode: number | null;
  responseBody: string | null;
  /** The response's headers (lower-case names; repeated ones joined with ", "). */
  responseHeaders: Record<string, string> | null;
  error: string | null;
  errorClass: ErrorClass | null;
  /**
   * Nothing was sent: no connection to the receiver came free within the wait allowed (every
   * socket to the host busy). Not an attempt (docs/decisions/1024): the caller hands it back.
   */
  notSent?: true;
}

export interface PostOptions {
  /** The attempt's deadline, counted from when the request has its socket (docs/decisions/1024). */
  timeoutMs?: number;
  /** How long to wait for a socket to the host before giving up without sending (default timeoutMs). */
  socketWaitMs?: number;
  /** Cloud mode: refuse internal hosts, also on the address the name resolves to. */
  guardAddresses?: boolean;
}

function flatHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : value;
  }
  return out;
}

let caCache: { file: string; context: SecureContext } | undefined;

/**
 * Extra CAs from SVC_WEBHOOK_CA_FILE, added to (not replacing) the system roots. Built once: a `ca`
 * list passed per request makes Node parse all ~140 roots again for every attempt (about 30 ms of
 * CPU each, and native memory that piles up under load).
 */
function trustedContext(): SecureContext | undefined {
  const file = env.SVC_WEBHOOK_CA_FILE;
  if (!file) return undefined;
  if (caCache?.file !== file) {
    caCache = {
      file,
      context: createSecureContext({ ca: [...rootCertificates, fs.readFileSync(file, "utf8")] }),
    };
  }
  return caCache.context;
}

/**
 * Kept-alive connections per receiver (one TLS handshake per connection, not per attempt). The
 * address guard still runs on every new connection (`lookup`). An idle socket is closed after 4 s,
 * before the receiver's own idle timeout (Node's default is 5 s) can close it under a new attempt.
 */
const agents = new Map<string, Agent>();
function agentFor(guard: boolean, context: SecureContext | undefined): Agent {
  const key = `${guard}:${context ? caCache?.file : ""}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = new Agent({
      keepAlive: true,
      maxSockets: 16,
      maxFreeSockets: 16,
      timeout: 4_000,
      scheduling: "lifo",
    });
    agents.set(key, agent);
  }
  return agent;
}

/**
 * One HTTPS POST: no redirects followed (a 3xx is reported as its status and judged a failure),
 * a hard deadline over connect, send and response, at most 16 KiB of the response read. The
 * deadline starts when the request gets its socket, not while it queues for one behind other
 * attempts to the same host: a wait that runs out sends nothing and reports `notSent`
 * (docs/decisions/1024).
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: PostOptions = {},
): Promise<PostResult> {
  let startedAt = new Date();
  let t0 = performance.now();
  const timeoutMs = opts.timeoutMs ?? attemptTimeoutMs();
  const socketWaitMs = opts.socketWaitMs ?? timeoutMs;
  const done = (
    statusCode: number | null,
    responseBody: string | null,
    error: string | null,
    errorClass: ErrorClass | null,
    responseHeaders: Record<string, string> | null = null,
  ): PostResult => ({
    startedAt,
    durationMs: Math.round(performance.now() - t0),
    statusCode,
    responseBody,
    responseHeaders,
    error,
    errorClass,
  });

  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(done(null, null, "invalid URL", "other"));
  }
  if (target.protocol !== "https:")
    return Promise.resolve(done(null, null, "only https URLs are delivered", "other"));
  if (opts.guardAddresses) {
    const reason = blockedHostReason(target.hostname);
    if (reason) return Promise.resolve(done(null, null, `blocked: ${reason}`, "ssrf_blocked"));
  }

  return new Promise<PostResult>((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (r: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(r);
    };
    const payload = Buffer.from(body, "utf8");
    let secureContext: SecureContext | undefined;
    try {
      secureContext = trustedContext();
    } catch (err) {
      finish(done(null, null, `cannot read SVC_WEBHOOK_CA_FILE: ${(err as Error).message}`, "tls"));
      return;
    }
    const req = request({
      method: "POST",
      protocol: "https:",
      hostname: target.hostname.replace(/^\[|\]$/g, ""),
      port: target.port || 443,
      path: `${target.pathname}${target.search}`,
      headers: { ...headers, "content-length": String(payload.length) },
      agent: agentFor(opts.guardAddresses === true, secureContext),
      ...(secureContext ? { secureContext } : {}),
      lookup: connectionLookup(opts.guardAddresses === true),
    });
    // Queued behind busy sockets to the host: nothing is on the wire yet.
    timer = setTimeout(() => {
      req.destroy();
      finish({ ...done(null, null, `no connection free within ${socketWaitMs} ms`, "other"), notSent: true });
    }, socketWaitMs);
    req.once("socket", () => {
      if (settled) return;
      // The attempt starts now: its duration and deadline cover connect, send and response.
      clearTimeout(timer);
      startedAt = new Date();
      t0 = performance.now();
      timer = setTimeout(() => {
        req.destroy();
        finish(done(null, null, `timed out after ${timeoutMs} ms`, "timeout"));
      }, timeoutMs);
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (err instanceof BlockedAddressError) {
        finish(done(null, null, `blocked: ${err.message}`, "ssrf_blocked"));
        return;
      }
      const message = `${err.code ?? err.name}: ${err.message}`;
      finish(done(null, null, message, classifyNetworkError(err.code, err.message)));
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const status = res.statusCode ?? null;
      const complete = () => {
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString("utf8");
        const errorClass = status === null ? "other" : classifyStatus(status);
        const error = errorClass === "redirect" ? "redirects are not followed" : null;
        finish(done(status, text, error, errorClass, flatHeaders(res.headers)));
      };
      res.on("data", (chunk: Buffer) => {
        if (size < READ_LIMIT_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size >= READ_LIMIT_BYTES) {
          complete();
          // The rest is not read: this connection cannot be reused.
          res.destroy();
        }
      });
      // Read to the end, the socket goes back to the agent for the next attempt.
      res.on("end", complete);
      res.on("error", complete);
      res.on("close", complete);
    });
    req.end(payload);
  });
}
