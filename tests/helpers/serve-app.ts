import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { call } from "./app";
import { drainMediaIntake } from "./media-intake";

export interface ServedApp {
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** Requests received, by path. */
  received: Map<string, number>;
  /** While set, requests to paths starting with it are answered 503 and not applied (a lost event). */
  drop: { prefix: string | undefined };
  /** The bodies of the requests dropped so far. */
  dropped: string[];
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The app's route handlers behind a real HTTP server on a free port of 127.0.0.1, for callers that
 * are other processes (Janus's event handler): each request goes through the same in-process
 * router as `call` (tests/helpers/app.ts).
 */
export async function serveApp(): Promise<ServedApp> {
  const received = new Map<string, number>();
  const drop: { prefix: string | undefined } = { prefix: undefined };
  const dropped: string[] = [];
  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = req.url ?? "/";
      const pathname = path.split("?")[0] ?? "/";
      received.set(pathname, (received.get(pathname) ?? 0) + 1);
      const body = await bodyOf(req);
      if (drop.prefix && pathname.startsWith(drop.prefix)) {
        dropped.push(body);
        res.writeHead(503).end();
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      try {
        const answer = await call(req.method ?? "GET", path, { headers, ...(body ? { body } : {}) });
        res.writeHead(answer.status, { "content-type": answer.headers.get("content-type") ?? "text/plain" });
        res.end(answer.text);
        // The embedded worker, woken by the stored request (tests start no job runner).
        if (pathname.startsWith("/v1/internal/media/") && answer.status < 300) void drainMediaIntake();
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    drop,
    dropped,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
