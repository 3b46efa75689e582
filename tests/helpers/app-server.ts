import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { peerStamp } from "@/lib/http/client-ip";
import { BASE, dispatch } from "./app";

/**
 * The in-process app behind a real HTTP server on a free port, so HTTP clients (the SDK, the CLI)
 * talk to the real route handlers. Streams (server-sent events) are piped as they come; a client
 * that hangs up aborts the request's signal, as Next does.
 */
export async function startAppServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const hangUp = new AbortController();
      res.on("close", () => hangUp.abort());
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) {
        if (typeof v === "string") headers.set(k, v);
        else if (Array.isArray(v)) for (const x of v) headers.append(k, x);
      }
      const stamp = peerStamp("127.0.0.1");
      headers.set(stamp.name, stamp.value);
      const body = chunks.length && req.method !== "GET" ? Buffer.concat(chunks) : undefined;
      const answer = await dispatch(
        new Request(new URL(req.url ?? "/", BASE), {
          method: req.method,
          headers,
          body,
          signal: hangUp.signal,
        }),
      );
      const out: Record<string, string | string[]> = {};
      answer.headers.forEach((v, k) => {
        if (k !== "set-cookie") out[k] = v;
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) out["set-cookie"] = cookies;
      res.writeHead(answer.status, out);
      if (!answer.body) return void res.end();
      const reader = answer.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          res.write(value);
        }
      } catch {
        // The client hung up.
      }
      res.end();
    })().catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, "close").catch(() => {});
    },
  };
}
