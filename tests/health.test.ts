import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerReadinessProbe } from "@/lib/health/check-readiness";
import { call } from "./helpers/app";
import { startTestObjectStore, type TestObjectStore } from "./helpers/s3";

type Ready = { status: string; checks: { name: string; ok: boolean; error?: string }[] };

describe("health endpoints", () => {
  it("/healthz answers ok", async () => {
    const res = await call("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("/readyz answers 503 naming storage while the object store is down", async () => {
    const res = await call<Ready>("GET", "/readyz");
    expect(res.status).toBe(503);
    expect(res.body.checks.find((c) => c.name === "database")?.ok).toBe(true);
    expect(res.body.checks.find((c) => c.name === "storage")?.ok).toBe(false);
  });

  describe("with the object store up", () => {
    let store: TestObjectStore;
    beforeAll(async () => {
      store = await startTestObjectStore();
    });
    afterAll(async () => {
      await store.close();
    });

    it("/readyz is ready when the database and storage answer", async () => {
      const res = await call<Ready>("GET", "/readyz");
      expect(res.status, res.text).toBe(200);
      expect(res.body.checks.map((c) => [c.name, c.ok])).toEqual([
        ["database", true],
        ["storage", true],
      ]);
    });

    it("/readyz names any other failing dependency", async () => {
      registerReadinessProbe("broken-test-dependency", async () => {
        throw new Error("connection refused");
      });
      const bad = await call<Ready>("GET", "/readyz");
      expect(bad.status).toBe(503);
      expect(bad.body.status).toBe("unavailable");
      expect(bad.body.checks.find((c) => c.name === "broken-test-dependency")).toMatchObject({
        ok: false,
        error: "connection refused",
      });
    });
  });
});
