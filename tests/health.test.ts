import { describe, expect, it } from "vitest";
import { registerReadinessProbe } from "@/lib/health/check-readiness";
import { call } from "./helpers/app";

describe("health endpoints", () => {
  it("/healthz answers ok", async () => {
    const res = await call("GET", "/healthz");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
  });

  it("/readyz checks the database, and answers 503 naming a failing dependency", async () => {
    const ok = await call<{ status: string; checks: { name: string; ok: boolean }[] }>("GET", "/readyz");
    expect(ok.status).toBe(200);
    expect(ok.body.checks.find((c) => c.name === "database")?.ok).toBe(true);
    registerReadinessProbe("broken-test-dependency", async () => {
      throw new Error("connection refused");
    });
    const bad = await call<{ status: string; checks: { name: string; ok: boolean; error?: string }[] }>(
      "GET",
      "/readyz",
    );
    expect(bad.status).toBe(503);
    expect(bad.body.status).toBe("unavailable");
    expect(bad.body.checks.find((c) => c.name === "broken-test-dependency")).toMatchObject({
      ok: false,
      error: "connection refused",
    });
  });
});
