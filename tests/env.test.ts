import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "@/lib/env";

function errorOf(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as Error).message;
  }
  throw new Error("expected parseEnv to throw");
}

describe("env module", () => {
  it("defaults to the embedded, self-hosted development setup", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      SVC_DEPLOYMENT_MODE: "self_host",
      SVC_DATA_DIR: "./.data",
      embeddedDatabase: true,
      baseUrl: "http://localhost:3000",
      meetHost: "localhost:3000",
    });
  });

  it("stops a production start without a session secret, naming the variable", () => {
    expect(errorOf({ NODE_ENV: "production" })).toContain("NEXTAUTH_SECRET");
    expect(errorOf({ NODE_ENV: "production", NEXTAUTH_SECRET: "short" })).toContain("NEXTAUTH_SECRET");
  });

  it("requires the at-rest key with a production database, and the ingest secret in cloud mode", () => {
    const base = { NODE_ENV: "production", NEXTAUTH_SECRET: "x".repeat(40) };
    expect(errorOf({ ...base, DATABASE_URL: "postgres://h/db" })).toContain("SVC_ENCRYPTION_KEY");
    expect(errorOf({ ...base, SVC_DEPLOYMENT_MODE: "cloud" })).toContain("SVC_MEDIA_INGEST_SECRET");
    expect(
      parseEnv({
        ...base,
        DATABASE_URL: "postgres://h/db",
        SVC_ENCRYPTION_KEY: Buffer.alloc(32).toString("base64"),
      }).embeddedDatabase,
    ).toBe(false);
  });

  it("names each malformed variable", () => {
    expect(errorOf({ SVC_DEPLOYMENT_MODE: "saas" })).toContain("SVC_DEPLOYMENT_MODE");
    expect(errorOf({ DATABASE_URL: "mysql://x" })).toContain("DATABASE_URL");
    expect(errorOf({ SVC_ENCRYPTION_KEY: "c2hvcnQ=" })).toContain("SVC_ENCRYPTION_KEY");
    expect(errorOf({ SVC_WEBHOOK_RETRY_SCHEDULE: "1,2,3" })).toContain("SVC_WEBHOOK_RETRY_SCHEDULE");
    expect(errorOf({ SVC_BASE_URL: "not a url" })).toContain("SVC_BASE_URL");
  });

  it("parses the retry schedule override and the meet host", () => {
    const env = parseEnv({
      SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.1,0.2,0.3,0.4,0.5,0.6",
      SVC_BASE_URL: "https://api.example.com/",
    });
    expect(env.SVC_WEBHOOK_RETRY_SCHEDULE).toEqual([0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6]);
    expect(env.baseUrl).toBe("https://api.example.com");
    expect(env.meetHost).toBe("api.example.com");
  });
});

describe("Vercel", () => {
  it("refuses every embedded default by name", () => {
    const message = errorOf({ VERCEL: "1" });
    for (const name of ["DATABASE_URL", "S3_BUCKET", "INNGEST_EVENT_KEY", "RESEND_API_KEY"])
      expect(message).toContain(name);
  });

  it("accepts a fully configured Vercel deployment", () => {
    const env = parseEnv({
      VERCEL: "1",
      DATABASE_URL: "postgres://u@db.example.com/app",
      S3_BUCKET: "recordings",
      INNGEST_EVENT_KEY: "evt",
      INNGEST_SIGNING_KEY: "signkey-prod-abc",
      RESEND_API_KEY: "re_123",
    });
    expect(env.embeddedDatabase).toBe(false);
  });
});

describe("next build", () => {
  it("does not demand runtime secrets while Next builds, but does when the server starts", () => {
    expect(() => parseEnv({ NODE_ENV: "production", NEXT_PHASE: "phase-production-build" })).not.toThrow();
    expect(errorOf({ NODE_ENV: "production", NEXT_PHASE: "phase-production-server" })).toContain(
      "NEXTAUTH_SECRET",
    );
  });
});
