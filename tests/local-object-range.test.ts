import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { screenRequest } from "@/lib/http/server-hooks";
import { byteRange } from "@/lib/storage/byte-range";
import { presignDownload } from "@/lib/storage/presign-download";
import { putObject } from "@/lib/storage/put-object";
import { expectProblem } from "./helpers/app";
import { fetchLocalLink, startTestObjectStore, type TestObjectStore } from "./helpers/s3";

/**
 * Issue 33.5 (docs/decisions/1016): the local object store answers downloads as S3 does: the
 * length, `Accept-Ranges: bytes`, single ranges (206), 416 for an unsatisfiable range, and the
 * whole object for a multi-range or malformed header.
 */

// Next's own answer path, as `next start` runs it (internal modules, loaded as Next loads them).
const { sendResponse } = require("next/dist/server/send-response") as {
  sendResponse: (req: { method: string }, res: unknown, response: Response) => Promise<void>;
};
const { NodeNextResponse } = require("next/dist/server/base-http/node") as {
  NodeNextResponse: new (res: http.ServerResponse) => unknown;
};

let store: TestObjectStore;
let link: string;
let emptyLink: string;
const BODY = Buffer.from(Array.from({ length: 100 }, (_, i) => i));

beforeAll(async () => {
  store = await startTestObjectStore();
  await putObject({
    key: "recordings/range/hundred.bin",
    body: BODY,
    contentType: "application/octet-stream",
  });
  await putObject({
    key: "recordings/range/empty.bin",
    body: new Uint8Array(),
    contentType: "application/octet-stream",
  });
  const sign = (key: string) =>
    presignDownload({ key, filename: "f.bin", contentType: "video/mp4", expiresInSec: 300 });
  link = await sign("recordings/range/hundred.bin");
  emptyLink = await sign("recordings/range/empty.bin");
});
afterAll(() => store.close());

const get = (range?: string, url = link) =>
  fetchLocalLink(url, range === undefined ? {} : { headers: { range } });

describe("byte ranges of the local object store", () => {
  it("answers the whole object with its length and Accept-Ranges", async () => {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get("accept-ranges")).toBe("bytes");
    expect(res.headers.get("content-length")).toBe("100");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BODY);
  });

  it.each([
    ["bytes=0-9", 0, 9],
    ["bytes=10-19", 10, 19],
    ["bytes=90-200", 90, 99],
    ["bytes=95-", 95, 99],
    ["bytes=-5", 95, 99],
    ["bytes=-500", 0, 99],
    ["bytes=99-99", 99, 99],
  ])("%s is 206 with bytes %i to %i", async (range, start, end) => {
    const res = await get(range);
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toBe(`bytes ${start}-${end}/100`);
    expect(res.headers.get("content-length")).toBe(String(end - start + 1));
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="f.bin"');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(BODY.subarray(start, end + 1));
  });

  it.each(["bytes=100-", "bytes=100-150", "bytes=-0"])("%s is 416 with the object's size", async (range) => {
    const res = await get(range);
    expectProblem(
      { status: res.status, headers: res.headers, body: await res.json(), text: "" },
      416,
      "range_not_satisfiable",
    );
    expect(res.headers.get("content-range")).toBe("bytes */100");
  });

  it("any range of an empty object is 416; the empty object itself is 200 with length 0", async () => {
    expect((await get("bytes=0-", emptyLink)).status).toBe(416);
    const whole = await get(undefined, emptyLink);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe("0");
  });

  it.each(["bytes=0-1,5-6", "bytes=5-2", "items=0-5", "bytes=abc", "bytes=-"])(
    "%s (multi-range or malformed) is ignored: 200 and the whole object",
    async (range) => {
      const res = await get(range);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer())).toEqual(BODY);
    },
  );

  it("still checks the link first: an unsigned ranged request is 403", async () => {
    const url = new URL(link);
    url.searchParams.delete("X-Amz-Signature");
    expect((await get("bytes=0-1", url.toString())).status).toBe(403);
  });

  it("parses ranges as S3 does", () => {
    expect(byteRange(null, 10)).toEqual({ kind: "whole" });
    expect(byteRange("bytes=2-4", 10)).toEqual({ kind: "partial", start: 2, end: 4 });
    expect(byteRange(" bytes=-3 ", 10)).toEqual({ kind: "partial", start: 7, end: 9 });
    expect(byteRange("bytes=10-", 10)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("through Next's answer path on a real socket", () => {
  let server: http.Server;
  let origin: string;
  beforeAll(async () => {
    // What `next start` does with a route handler's answer, behind the server's own screen.
    server = http.createServer((req, res) => {
      if (!screenRequest(req, res)) return;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers[k] = v;
      void fetchLocalLink(new URL(req.url ?? "/", link).toString(), { headers }).then((answer) =>
        sendResponse({ method: req.method ?? "GET" }, new NodeNextResponse(res), answer),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Raw HTTP/1.1, so the framing headers are seen as sent. */
  function raw(range?: string): Promise<http.IncomingMessage & { body: Buffer }> {
    const url = new URL(link);
    return new Promise((resolve, reject) => {
      const req = http.get(
        `${origin}${url.pathname}${url.search}`,
        { headers: range ? { range } : {} },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () => resolve(Object.assign(res, { body: Buffer.concat(chunks) })));
        },
      );
      req.on("error", reject);
    });
  }

  it("sends Content-Length (Next drops the handler's own), never the private copy", async () => {
    const whole = await raw();
    expect(whole.statusCode).toBe(200);
    expect(whole.headers["content-length"]).toBe("100");
    expect(whole.headers["transfer-encoding"]).toBeUndefined();
    expect(whole.headers["x-svc-content-length"]).toBeUndefined();
    expect(whole.body).toEqual(BODY);
    const part = await raw("bytes=-10");
    expect(part.statusCode).toBe(206);
    expect(part.headers["content-length"]).toBe("10");
    expect(part.headers["content-range"]).toBe("bytes 90-99/100");
    expect(part.body).toEqual(BODY.subarray(90));
  });
});
