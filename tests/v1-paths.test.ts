import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { installServerHooks } from "@/lib/http/server-hooks";
import { v1PathProblem } from "@/lib/http/v1-path";
import { log } from "@/lib/log/logger";
import { call, expectProblem } from "./helpers/app";

/** What reached "Next" (the inner handler) after the server hook. */
const reached: string[] = [];
let server: http.Server;
let port: number;

beforeAll(async () => {
  installServerHooks();
  server = http.createServer((req, res) => {
    reached.push(req.url ?? "");
    res.writeHead(200, { "content-type": "text/plain" }).end("next");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => server.close(r)));

/** A raw request line: fetch and URL would normalise the very spellings under test. */
function raw(path: string, method = "GET"): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: "127.0.0.1", port, path, method }, (res) => {
      let body = "";
      res.on("data", (c) => {
        body += c;
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers["content-type"]), body }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

const MALFORMED = [
  "/v1",
  "/v1/",
  "/v1?x=1",
  "/v1/workspace/me/",
  "/v1/workspace/recordings/%E0%A4%A/download",
  "/v1/workspace/recordings/%/download",
  "/v1/workspace/projects/%zz/api-keys",
  "/v1/workspace/../workspace/me",
  "/v1/workspace/%2e%2e/me",
  "/v1/workspace/%2E/me",
  "/v1/..",
  "/v1/./workspace/me",
  "/v1//workspace/me",
  "//v1/workspace/me",
  "/v1\\workspace\\me",
  "/v1/workspace/rooms%2Fx",
  "/V1/",
];

describe("malformed paths under /v1", () => {
  it("answer problem+json 404, never a redirect, HTML or a 500, and are logged", async () => {
    const logged = vi.spyOn(log, "info");
    for (const path of MALFORMED) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const res = await raw(path, method);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.type).toContain("application/problem+json");
        expect(JSON.parse(res.body)).toMatchObject({ status: 404, code: "not_found", title: "Not found" });
      }
    }
    expect(reached).toEqual([]);
    expect(logged.mock.calls.filter(([msg, f]) => msg === "request" && f?.status === 404).length).toBe(
      MALFORMED.length * 3,
    );
    logged.mockRestore();
  });

  it("leave well-formed /v1 paths and everything outside /v1 to Next", async () => {
    for (const path of ["/v1/workspace/me", "/v1/workspace/rooms?limit=1", "/v1x", "/login/", "/a//b", "/"]) {
      expect((await raw(path)).status, path).toBe(200);
    }
    expect(reached).toHaveLength(6);
  });

  it("never throws on any path", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 80 }), (tail) => {
        const err = v1PathProblem(`/v1/${tail}`);
        if (err) expect(err.status).toBe(404);
      }),
      { seed: 20_261_123, numRuns: 2000 },
    );
  });

  it("the bare /v1 route answers problem+json where the server hook does not run", async () => {
    for (const method of ["GET", "POST", "PATCH"]) expectProblem(await call(method, "/v1"), 404, "not_found");
  });
});
