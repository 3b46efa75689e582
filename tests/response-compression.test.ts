import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "next/dist/compiled/compression";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/http/errors";
import {
  COMPRESSION_THRESHOLD_BYTES,
  cacheControlFor,
  json,
  problem,
  smallAnswerUncompressed,
} from "@/lib/http/response";

/**
 * Next gzips every streamed answer whatever its size; small JSON answers carry `no-transform` so
 * that its compression middleware leaves them alone (docs/decisions/0973). The end-to-end check on
 * `next start` and the standalone server is in tests/production/startup.test.ts.
 */
describe("cacheControlFor", () => {
  it("adds no-transform below the threshold and not from it on, counting UTF-8 bytes", () => {
    expect(cacheControlFor("x".repeat(COMPRESSION_THRESHOLD_BYTES - 1))).toBe("no-store, no-transform");
    expect(cacheControlFor("x".repeat(COMPRESSION_THRESHOLD_BYTES))).toBe("no-store");
    // 400 three-byte characters: 400 UTF-16 units but 1,200 bytes, so worth compressing.
    expect(cacheControlFor("€".repeat(400))).toBe("no-store");
    expect(cacheControlFor("€".repeat(341))).toBe("no-store, no-transform");
    expect(cacheControlFor("{}", "public, max-age=300")).toBe("public, max-age=300, no-transform");
  });

  it("is what json() and problem() send, keeping a cache-control the caller chose", () => {
    expect(json(200, { ok: true }).headers.get("cache-control")).toBe("no-store, no-transform");
    expect(json(200, { a: "x".repeat(2000) }).headers.get("cache-control")).toBe("no-store");
    const jwksLike = json(200, { keys: [] }, { "cache-control": "public, max-age=300" });
    expect(jwksLike.headers.get("cache-control")).toBe("public, max-age=300, no-transform");
    expect(problem(new ApiError("not_found", "No such room.")).headers.get("cache-control")).toBe(
      "no-store, no-transform",
    );
  });
});

/**
 * A server that answers as `next start` does: its compression middleware first, then the
 * Response's headers copied without Content-Length (Next drops it) and the body written as a
 * stream (a write, then end), so the middleware never learns the length.
 */
let server: http.Server;
let base: string;
beforeAll(async () => {
  const compress = compression();
  server = http.createServer((req, res) => {
    compress(req, res, () => {});
    const size = Number(new URL(req.url ?? "/", "http://x").searchParams.get("size"));
    const response = json(200, { pad: "x".repeat(size) });
    res.statusCode = response.status;
    response.headers.forEach((value, name) => {
      if (name !== "content-length") res.setHeader(name, value);
    });
    void response.text().then((text) => {
      res.write(text);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function get(size: number): Promise<{ encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}/?size=${size}`, { headers: { "accept-encoding": "gzip, deflate" } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }),
        );
      })
      .on("error", reject);
  });
}

describe("Next's compression middleware", () => {
  it("leaves a small JSON answer uncompressed", async () => {
    const small = await get(100);
    expect(small.encoding).toBeUndefined();
    expect(JSON.parse(small.body.toString("utf8"))).toEqual({ pad: "x".repeat(100) });
  });

  it("still gzips a large one", async () => {
    const large = await get(5000);
    expect(large.encoding).toBe("gzip");
    expect(JSON.parse(zlib.gunzipSync(large.body).toString("utf8"))).toEqual({ pad: "x".repeat(5000) });
  });
});

describe("smallAnswerUncompressed (next-auth's answers)", () => {
  const cookies = (res: Response) => res.headers.getSetCookie();

  it("adds no-transform to a small body, keeping its status, cache-control, body and every cookie", async () => {
    const headers = new Headers({
      "content-type": "application/json",
      "cache-control": "private, no-cache, no-store",
    });
    headers.append("set-cookie", "a=1; Path=/; HttpOnly");
    headers.append("set-cookie", "b=2; Path=/; HttpOnly");
    const res = await smallAnswerUncompressed(new Response('{"user":null}', { status: 200, headers }));
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("private, no-cache, no-store, no-transform");
    expect(cookies(res)).toEqual(["a=1; Path=/; HttpOnly", "b=2; Path=/; HttpOnly"]);
    expect(await res.json()).toEqual({ user: null });
  });

  it("adds no-transform alone where the library chose no cache-control", async () => {
    const res = await smallAnswerUncompressed(new Response("{}", { status: 200 }));
    expect(res.headers.get("cache-control")).toBe("no-transform");
  });

  it("leaves a large body compressible and a body-less redirect untouched", async () => {
    const large = "x".repeat(COMPRESSION_THRESHOLD_BYTES);
    const res = await smallAnswerUncompressed(
      new Response(large, { status: 200, headers: { "cache-control": "no-store" } }),
    );
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.text()).toBe(large);
    const redirect = Response.redirect("http://127.0.0.1/login", 302);
    expect(await smallAnswerUncompressed(redirect)).toBe(redirect);
  });
});
