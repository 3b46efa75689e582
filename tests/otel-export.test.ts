import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 33.5 (docs/decisions/1015): with OTEL_EXPORTER_OTLP_ENDPOINT set, each span reaches the
 * collector once. A local OTLP/HTTP receiver counts the spans' names in every body it gets,
 * whatever the encoding (a span's name is in its JSON and in its protobuf bytes once).
 */

interface Received {
  path: string;
  contentType: string;
  body: Buffer;
}

let receiver: http.Server;
let endpoint: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({
        path: req.url ?? "",
        contentType: req.headers["content-type"] ?? "",
        body: Buffer.concat(chunks),
      });
      res.writeHead(200, { "content-type": req.headers["content-type"] ?? "application/json" });
      res.end(req.headers["content-type"]?.includes("json") ? "{}" : "");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

function runProcess(env: Record<string, string>): Promise<string> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("tests/helpers/otel-export-process.ts")],
    { env: { ...process.env, ...env }, stdio: "pipe" },
  );
  let out = "";
  child.stdout.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on("data", (c: Buffer) => {
    out += c.toString();
  });
  return new Promise((resolve) => child.on("close", () => resolve(out)));
}

const occurrences = (marker: string) =>
  received.reduce((n, r) => n + r.body.toString("latin1").split(marker).length - 1, 0);

describe("trace export", () => {
  it("exports each span once, to <endpoint>/v1/traces, in the protocol the standard variables name", async () => {
    received.length = 0;
    expect(await runProcess({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toContain("flushed");
    for (let i = 0; i < 5; i++) expect(occurrences(`probe-span-${i}`), `probe-span-${i}`).toBe(1);
    expect(new Set(received.map((r) => r.path))).toEqual(new Set(["/v1/traces"]));
    expect(new Set(received.map((r) => r.contentType))).toEqual(new Set(["application/x-protobuf"]));

    received.length = 0;
    const json = await runProcess({
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    });
    expect(json).toContain("flushed");
    expect(occurrences("probe-span-")).toBe(5);
    expect(new Set(received.map((r) => r.contentType))).toEqual(new Set(["application/json"]));
  }, 60_000);
});
