import http from "node:http";
import net, { type AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { POST as createProject } from "@/app/v1/workspace/projects/route";
import { overrideEnvForTests } from "@/lib/env";
import { peerStamp } from "@/lib/http/client-ip";
import { installServerHooks, MAX_HEADER_BYTES } from "@/lib/http/server-hooks";
import { log } from "@/lib/log/logger";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { until } from "./helpers/wait";

/**
 * Issue 39 item 5, as an attacker sends it (docs/decisions/1057): oversized header blocks, a body
 * trickled a byte at a time, a client that hangs up mid-body. A real HTTP server with the app's
 * server hook in front of the real route handler, fed the request body as a stream, as Next does.
 */
let org: TestOrg;
let server: http.Server;
let port: number;

beforeAll(async () => {
  org = await createOrg();
  overrideEnvForTests({ SVC_REQUEST_BODY_TIMEOUT_MS: "300" });
  installServerHooks();
  server = http.createServer((req, res) => {
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const stamp = peerStamp("127.0.0.1");
    headers.set(stamp.name, stamp.value);
    const request = new Request(`http://localhost:3000${req.url ?? "/"}`, {
      method: req.method,
      headers,
      body: Readable.toWeb(req) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
    void createProject(request, { params: Promise.resolve({}) }).then(async (out) => {
      const body = await out.text();
      if (res.destroyed) return;
      res
        .writeHead(out.status, {
          ...Object.fromEntries(out.headers.entries()),
          "content-length": String(Buffer.byteLength(body)),
        })
        .end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  overrideEnvForTests({});
  await new Promise((r) => server.close(r));
});
afterEach(() => vi.restoreAllMocks());

/** Sends raw bytes; resolves with everything the server sent until it closed, or an error code. */
function rawExchange(
  chunks: string[],
  opts: { holdOpen?: boolean } = {},
): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    socket.on("data", (d) => {
      text += d.toString("latin1");
    });
    socket.on("error", (err: NodeJS.ErrnoException) => resolve({ text, error: err.code ?? err.message }));
    socket.on("close", () => resolve({ text }));
    socket.on("connect", () => {
      for (const c of chunks) socket.write(c);
      if (!opts.holdOpen) socket.end();
    });
  });
}

const head = (extra = "", length = 0) =>
  `POST /v1/workspace/projects HTTP/1.1\r\nHost: localhost:3000\r\nAuthorization: Bearer ${org.members.Owner.token}\r\n` +
  `Content-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

function problemOf(text: string): { status: number; body: Record<string, unknown>; type: string } {
  const [headers = "", body = ""] = text.split("\r\n\r\n");
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(headers)?.[1]);
  const type = /content-type: ([^\r\n]+)/i.exec(headers)?.[1] ?? "";
  return { status, body: body ? (JSON.parse(body) as Record<string, unknown>) : {}, type };
}

describe("oversized header blocks", () => {
  it(`answer 431 problem+json past ${MAX_HEADER_BYTES} bytes, readable by the client, not a reset`, async () => {
    for (const kb of [17, 30, 50, 70]) {
      const big = `X-Padding: ${"a".repeat(kb * 1024)}\r\n`;
      const out = await rawExchange([head(big)]);
      const p = problemOf(out.text);
      expect(p.status, `${kb} KB`).toBe(431);
      expect(p.type).toContain("application/problem+json");
      expect(p.body).toMatchObject({ status: 431, code: "headers_too_large" });
    }
  });
});

describe("a body trickled a byte at a time", () => {
  it("is cut off with 408 problem+json once SVC_REQUEST_BODY_TIMEOUT_MS passes, and the connection closes", async () => {
    // One byte of a 100-byte body, then nothing more: the client would go on for minutes.
    const out = await rawExchange([head("", 100), "{"], { holdOpen: true });
    const p = problemOf(out.text);
    expect(p.status).toBe(408);
    expect(p.type).toContain("application/problem+json");
    expect(p.body).toMatchObject({ status: 408, code: "request_timeout" });
    expect(out.text.toLowerCase()).toContain("connection: close");
  });
});

describe("a client that hangs up mid-body", () => {
  it("is logged as a disconnect, not as the database being unavailable", async () => {
    const info = vi.spyOn(log, "info");
    const warn = vi.spyOn(log, "warn");
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.write(`${head("", 100)}{"name":`, () => {
          // A reset, as a browser tab closing or a killed client does.
          socket.resetAndDestroy();
          resolve();
        });
      });
      socket.on("error", () => {});
    });
    await until("the disconnect is logged", () =>
      info.mock.calls.some(([msg]) => msg === "client disconnected"),
    );
    expect(warn.mock.calls.filter(([msg]) => msg === "database unavailable")).toEqual([]);
  });
});
