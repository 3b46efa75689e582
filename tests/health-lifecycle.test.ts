import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { overrideEnvForTests } from "@/lib/env";
import { setLifecycle } from "@/lib/server/lifecycle";
import { call, expectProblem } from "./helpers/app";

type Ready = { status: string; checks: { name: string; ok: boolean; error?: string }[] };

afterEach(() => setLifecycle("serving"));
afterAll(() => overrideEnvForTests({}));

describe("/healthz follows the process's life", () => {
  it("answers 503 while starting and while draining, 200 while serving", async () => {
    setLifecycle("starting");
    expect(await call("GET", "/healthz")).toMatchObject({ status: 503, body: { status: "starting" } });
    setLifecycle("serving");
    expect(await call("GET", "/healthz")).toMatchObject({ status: 200, body: { status: "ok" } });
    setLifecycle("draining");
    expect(await call("GET", "/healthz")).toMatchObject({ status: 503, body: { status: "draining" } });
  });
});

describe("/api/inngest without Inngest", () => {
  it("answers a 404 problem naming the settings, for every method", async () => {
    for (const method of ["GET", "POST", "PUT"]) {
      const res = await call(method, "/api/inngest", method === "GET" ? {} : { json: {} });
      const body = expectProblem(res, 404, "not_found");
      expect(body.detail).toMatch(/Inngest is not configured.*INNGEST_SIGNING_KEY/);
    }
  });
});

describe("/readyz with Inngest configured", () => {
  let status = 200;
  const server = http.createServer((_req, res) => {
    res.writeHead(status).end("{}");
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it("checks the Inngest server and names it when it fails", async () => {
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    overrideEnvForTests({ INNGEST_BASE_URL: `http://127.0.0.1:${port}` });
    const up = await call<Ready>("GET", "/readyz");
    expect(up.body.checks.find((c) => c.name === "inngest")).toMatchObject({ ok: true });
    status = 502;
    const down = await call<Ready>("GET", "/readyz");
    expect(down.status).toBe(503);
    expect(down.body.checks.find((c) => c.name === "inngest")).toMatchObject({
      ok: false,
      error: "Inngest answered 502",
    });
  });

  it("leaves Inngest out when the embedded runner does the work", async () => {
    overrideEnvForTests({ INNGEST_BASE_URL: undefined });
    const res = await call<Ready>("GET", "/readyz");
    expect(res.body.checks.map((c) => c.name)).not.toContain("inngest");
  });
});
