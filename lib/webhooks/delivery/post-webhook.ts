import fs from "node:fs";
import { request } from "node:https";
import { rootCertificates } from "node:tls";
import { env } from "@/lib/env";
import { blockedHostReason } from "@/lib/webhooks/address-policy";
import { BlockedAddressError, connectionLookup } from "@/lib/webhooks/resolve-host";

export const ATTEMPT_TIMEOUT_MS = 10_000;
/** Stored per attempt in the delivery log; the rest of a response is not kept. */
export const RESPONSE_BODY_LIMIT = 2048;
const READ_LIMIT_BYTES = 16 * 1024;

export interface PostResult {
  startedAt: Date;
  durationMs: number;
  /** null when no response arrived (timeout, network or policy error). */
  statusCode: number | null;
  responseBody: string | null;
  error: string | null;
}

export interface PostOptions {
  timeoutMs?: number;
  /** Cloud mode: refuse internal hosts, also on the address the name resolves to. */
  guardAddresses?: boolean;
}

let caCache: { file: string; ca: string[] } | undefined;

/** Extra CAs from SVC_WEBHOOK_CA_FILE, added to (not replacing) the system roots. */
function trustedCas(): string[] | undefined {
  const file = env.SVC_WEBHOOK_CA_FILE;
  if (!file) return undefined;
  if (caCache?.file !== file) caCache = { file, ca: [...rootCertificates, fs.readFileSync(file, "utf8")] };
  return caCache.ca;
}

/**
 * One HTTPS POST: no redirects followed (a 3xx is reported as its status and judged a failure),
 * a hard deadline over connect, send and response, at most 16 KiB of the response read.
 */
export function postWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: PostOptions = {},
): Promise<PostResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const timeoutMs = opts.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
  const done = (
    statusCode: number | null,
    responseBody: string | null,
    error: string | null,
  ): PostResult => ({
    startedAt,
    durationMs: Math.round(performance.now() - t0),
    statusCode,
    responseBody,
    error,
  });

  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return Promise.resolve(done(null, null, "invalid URL"));
  }
  if (target.protocol !== "https:") return Promise.resolve(done(null, null, "only https URLs are delivered"));
  if (opts.guardAddresses) {
    const reason = blockedHostReason(target.hostname);
    if (reason) return Promise.resolve(done(null, null, `blocked: ${reason}`));
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
    let ca: string[] | undefined;
    try {
      ca = trustedCas();
    } catch (err) {
      finish(done(null, null, `cannot read SVC_WEBHOOK_CA_FILE: ${(err as Error).message}`));
      return;
    }
    const req = request({
      method: "POST",
      protocol: "https:",
      hostname: target.hostname.replace(/^\[|\]$/g, ""),
      port: target.port || 443,
      path: `${target.pathname}${target.search}`,
      headers: { ...headers, "content-length": String(payload.length), connection: "close" },
      agent: false,
      ...(ca ? { ca } : {}),
      lookup: connectionLookup(opts.guardAddresses === true),
    });
    timer = setTimeout(() => {
      req.destroy();
      finish(done(null, null, `timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    req.on("error", (err: NodeJS.ErrnoException) => {
      const message =
        err instanceof BlockedAddressError
          ? `blocked: ${err.message}`
          : `${err.code ?? err.name}: ${err.message}`;
      finish(done(null, null, message));
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const status = res.statusCode ?? null;
      const complete = () => {
        const text = Buffer.concat(chunks).toString("utf8").slice(0, RESPONSE_BODY_LIMIT);
        const redirect = status !== null && status >= 300 && status < 400;
        finish(done(status, text, redirect ? "redirects are not followed" : null));
        res.destroy();
      };
      res.on("data", (chunk: Buffer) => {
        if (size < READ_LIMIT_BYTES) chunks.push(chunk);
        size += chunk.length;
        if (size >= READ_LIMIT_BYTES) complete();
      });
      res.on("end", complete);
      res.on("error", complete);
      res.on("close", complete);
    });
    req.end(payload);
  });
}
