import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A real HTTPS webhook receiver for tests. Its certificate is self-signed (made with the openssl
 * CLI, once per test process); the service under test trusts it only through SVC_WEBHOOK_CA_FILE,
 * never by turning TLS verification off.
 */

export interface TestCertificate {
  key: string;
  cert: string;
  /** Pass as SVC_WEBHOOK_CA_FILE. */
  caFile: string;
}

let certificate: TestCertificate | undefined;

export function testCertificate(): TestCertificate {
  if (certificate) return certificate;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-webhook-tls-"));
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "2",
      "-subj",
      "/CN=localhost",
      "-addext",
      "subjectAltName=DNS:localhost,DNS:receiver.test,IP:127.0.0.1,IP:::1",
    ],
    { stdio: "ignore" },
  );
  certificate = {
    key: fs.readFileSync(keyFile, "utf8"),
    cert: fs.readFileSync(certFile, "utf8"),
    caFile: certFile,
  };
  return certificate;
}

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  receivedAt: number;
}

export interface Reply {
  status: number;
  body?: string;
  headers?: Record<string, string>;
  /** Never answer (the sender's timeout is what ends the request). */
  hang?: boolean;
}

export type Responder = (req: ReceivedRequest, index: number) => Reply;

export interface HttpsReceiver {
  /** https://localhost:<port>/hook */
  url: string;
  port: number;
  requests: ReceivedRequest[];
  respond: (fn: Responder) => void;
  /** Resolves once `count` requests (optionally matching) have arrived; rejects at the deadline. */
  waitForRequests: (
    count: number,
    opts?: { timeoutMs?: number; match?: (r: ReceivedRequest) => boolean },
  ) => Promise<ReceivedRequest[]>;
  close: () => Promise<void>;
}

export async function startHttpsReceiver(): Promise<HttpsReceiver> {
  const { key, cert } = testCertificate();
  const requests: ReceivedRequest[] = [];
  let responder: Responder = () => ({ status: 200, body: "ok" });
  const listeners = new Set<() => void>();
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const received: ReceivedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString("utf8"),
        receivedAt: Date.now(),
      };
      const index = requests.push(received) - 1;
      for (const l of listeners) l();
      const reply = responder(received, index);
      if (reply.hang) return;
      res.writeHead(reply.status, { "content-type": "text/plain", ...reply.headers });
      res.end(reply.body ?? "");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  const waitForRequests: HttpsReceiver["waitForRequests"] = (count, opts = {}) => {
    const timeoutMs = opts.timeoutMs ?? 10_000;
    const matching = () => requests.filter(opts.match ?? (() => true));
    return new Promise((resolve, reject) => {
      const check = () => {
        const got = matching();
        if (got.length >= count) {
          listeners.delete(check);
          clearTimeout(timer);
          resolve(got);
        }
      };
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(
          new Error(`expected ${count} webhook requests within ${timeoutMs} ms, got ${matching().length}`),
        );
      }, timeoutMs);
      listeners.add(check);
      check();
    });
  };

  return {
    url: `https://localhost:${port}/hook`,
    port,
    requests,
    respond: (fn) => {
      responder = fn;
    },
    waitForRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `probe` until it returns a value other than undefined/false, or fails at the deadline. */
export async function eventually<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  { timeoutMs = 10_000, intervalMs = 25, what = "condition" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
