import { execFileSync } from "node:child_process";
import { createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import https from "node:https";
import path from "node:path";

/** A self-signed P-256 certificate for 127.0.0.1 and localhost; the app trusts it via SVC_WEBHOOK_CA_FILE. */
export function makeCertificate(dir: string): { keyFile: string; certFile: string } {
  const keyFile = path.join(dir, "receiver-key.pem");
  const certFile = path.join(dir, "receiver-cert.pem");
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
      "/CN=svc-bench-receiver",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "ignore" },
  );
  return { keyFile, certFile };
}

export interface Arrival {
  /** The endpoint the app delivered to (`/e/<n>`), or -1 for the baseline's `/baseline`. */
  endpoint: number;
  webhookId: string;
  attempt: number;
  /** Epoch ms when the request's headers arrived. */
  arrivedAt: number;
  /** Epoch ms of the event (`created_at` in the body): the outbox write. */
  eventAt: number;
  signatureOk: boolean;
}

function signatureOk(secret: string | undefined, headers: IncomingHttpHeaders, raw: string): boolean {
  const ts = headers["x-svc-webhook-ts"];
  const sig = headers["x-svc-webhook-sig"];
  if (!secret || typeof ts !== "string" || typeof sig !== "string") return false;
  const want = createHmac("sha256", secret).update(`${ts}.${raw}`).digest("base64").replace(/=+$/, "");
  const a = Buffer.from(want);
  const b = Buffer.from(sig.replace(/=+$/, ""));
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The loopback HTTPS receiver both the app and the baseline post to. It answers 200 at once and
 * records each arrival; app deliveries are checked against their endpoint's signing secret.
 */
export class Receiver {
  readonly arrivals: Arrival[] = [];
  /** Signing secret per endpoint index (`/e/<n>`); the baseline's is "baseline". */
  readonly secrets = new Map<number, string>();
  private server: https.Server | undefined;
  port = 0;
  private waiters: { count: number; resolve: () => void }[] = [];

  constructor(private readonly tls: { keyFile: string; certFile: string }) {}

  async start(): Promise<number> {
    this.server = https.createServer(
      { key: fs.readFileSync(this.tls.keyFile), cert: fs.readFileSync(this.tls.certFile) },
      (req, res) => {
        const arrivedAt = Date.now();
        const chunks: Buffer[] = [];
        req.on("data", (c: Buffer) => chunks.push(c));
        req.on("end", () => {
          const raw = Buffer.concat(chunks).toString("utf8");
          const m = /^\/e\/(\d+)$/.exec(req.url ?? "");
          const endpoint = m?.[1] ? Number(m[1]) : -1;
          let eventAt = Number.NaN;
          try {
            eventAt = Date.parse((JSON.parse(raw) as { created_at: string }).created_at);
          } catch {
            // Not JSON: recorded with no event time.
          }
          this.arrivals.push({
            endpoint,
            webhookId: String(req.headers["x-svc-webhook-id"] ?? ""),
            attempt: Number(req.headers["x-svc-webhook-attempt"] ?? 0),
            arrivedAt,
            eventAt,
            signatureOk: signatureOk(this.secrets.get(endpoint), req.headers, raw),
          });
          res.writeHead(200, { "content-type": "text/plain", "content-length": "2" });
          res.end("ok");
          this.notify();
        });
      },
    );
    this.server.keepAliveTimeout = 30_000;
    await new Promise<void>((resolve) => this.server?.listen(0, "127.0.0.1", resolve));
    const addr = this.server.address();
    this.port = addr && typeof addr === "object" ? addr.port : 0;
    return this.port;
  }

  /** App deliveries (not the baseline's) recorded so far. */
  appArrivals(): Arrival[] {
    return this.arrivals.filter((a) => a.endpoint >= 0);
  }

  private notify(): void {
    const n = this.appArrivals().length;
    this.waiters = this.waiters.filter((w) => {
      if (n < w.count) return true;
      w.resolve();
      return false;
    });
  }

  /** Resolves when `count` app deliveries have arrived, or when `timeoutMs` passes (false). */
  waitForApp(count: number, timeoutMs: number): Promise<boolean> {
    if (this.appArrivals().length >= count) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve(true);
        },
      });
    });
  }

  reset(): void {
    this.arrivals.length = 0;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
