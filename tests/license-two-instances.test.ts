import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { events } from "@/db/schema";
import { getDb, getDbDriver } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";
import { setCurrentLicenseStatus } from "@/lib/licenses/current-status";
import { startLicenseChecks, stopLicenseChecks } from "@/lib/licenses/license-checks";
import { verifyLicenseAtStart } from "@/lib/licenses/verify-at-start";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type HttpsReceiver, startHttpsReceiver, testCertificate } from "./helpers/https-receiver";
import { stopped, until } from "./helpers/wait";
import { createProjectKey } from "./helpers/webhook-fixtures";

/**
 * Issue 48 item 4: two instances. The cloud instance is its own OS process with its own database
 * (tests/helpers/license-issuer-process.ts); this process is the self-hosted instance, started as
 * lib/server/start.ts starts one (verifyLicenseAtStart, then the periodic checks) with a licence
 * the cloud instance issued over HTTP. Revoking it there makes this instance send `license.revoked`
 * to a real HTTPS receiver and refuse new rooms within the (compressed) poll interval.
 */

type Json = Record<string, unknown>;
const CHECK_SECONDS = 0.2;
let issuer: { child: ChildProcess; url: string; owner: string; billing: string; developer: string };
let dataDir: string | undefined;
let issuerDb: string | undefined;
let rx: HttpsReceiver;
let org: TestOrg;
let roomKey: string;

async function startIssuer(): Promise<typeof issuer> {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    SVC_DEPLOYMENT_MODE: "cloud",
    SVC_MEDIA_INGEST_SECRET: "issuer-media-ingest-secret",
    SVC_ENCRYPTION_KEY: process.env.SVC_ENCRYPTION_KEY,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
    SVC_SEED_ON_START: "never",
    SVC_BASE_URL: "https://cloud.example.test",
  };
  if ((await getDbDriver()) === "postgres") {
    // Its own database, cloned from the run's migrated template as every test file's is.
    const { default: postgres } = await import("postgres");
    const admin = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
    issuerDb = `svc_issuer_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    await admin.unsafe(`CREATE DATABASE ${issuerDb} TEMPLATE ${inject("templateDatabase")}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = `/${issuerDb}`;
    env.DATABASE_URL = url.toString();
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-issuer-"));
    env.SVC_DATA_DIR = dataDir;
  }
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.resolve("tests/helpers/license-issuer-process.ts")],
    {
      cwd: process.cwd(),
      env,
      stdio: "pipe",
    },
  );
  let out = "";
  let err = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString("utf8");
  });
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString("utf8");
  });
  await until(
    "the cloud instance is ready",
    () => {
      if (child.exitCode !== null) throw new Error(`the cloud instance exited: ${err}`);
      return out.includes('"ready":true');
    },
    60_000,
  );
  const ready = JSON.parse(out.split("\n").find((l) => l.includes('"ready":true')) ?? "{}") as typeof issuer;
  return { ...ready, child };
}

async function toIssuer<T = Json>(method: string, p: string, token?: string, json?: unknown) {
  const res = await fetch(`${issuer.url}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(json ? { "content-type": "application/json" } : {}),
    },
    body: json ? JSON.stringify(json) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => undefined)) as T };
}

const createRoom = () =>
  call<Json>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId },
  });

beforeAll(async () => {
  issuer = await startIssuer();
  rx = await startHttpsReceiver();
  org = await createOrg({ name: "On-prem Org" });
  roomKey = await createProjectKey(org, "all");
});

afterAll(async () => {
  await stopLicenseChecks();
  await stopJobs();
  setCurrentLicenseStatus(undefined);
  overrideEnvForTests({});
  if (issuer) await stopped(issuer.child, "SIGKILL");
  await rx?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (issuerDb) {
    const { default: postgres } = await import("postgres");
    const admin = postgres(process.env.DATABASE_URL ?? "", { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${issuerDb} WITH (FORCE)`);
    await admin.end();
  }
});

describe("a cloud instance issues, a self-hosted instance runs with the licence", () => {
  it("revoking in the cloud makes the self-hosted instance send license.revoked and refuse new rooms within the poll interval", async () => {
    // The cloud instance: a Developer may not issue; the Owner does, with jose-verifiable keys.
    expect((await toIssuer("POST", "/v1/workspace/licenses", issuer.developer, {})).status).toBe(403);
    const issued = await toIssuer<{ id: string; key: string }>(
      "POST",
      "/v1/workspace/licenses",
      issuer.owner,
      {
        name: "On-prem",
        expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        limits: { seats: 100, concurrent_participants: 100 },
      },
    );
    expect(issued.status).toBe(201);
    const published = await toIssuer("GET", "/.well-known/license-keys.json");
    expect(published.status).toBe(200);

    // The self-hosted instance, configured with the key, the public key and the issuer's address.
    overrideEnvForTests({
      SVC_DEPLOYMENT_MODE: "self_host",
      SVC_LICENSE_KEY: issued.body.key,
      SVC_LICENSE_PUBLIC_KEY: JSON.stringify(published.body),
      SVC_LICENSE_ISSUER_URL: issuer.url,
      SVC_LICENSE_CHECK_SECONDS: String(CHECK_SECONDS),
      SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
      SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.2,0.2,0.2,0.2,0.2,0.2",
    });
    const hooksKey = await createProjectKey(org, "webhooks:write");
    const hook = await call<{ id: string }>("POST", "/v1/webhooks/endpoints", {
      headers: { authorization: `Bearer ${hooksKey}` },
      json: { url: rx.url, events: ["license.revoked"] },
    });
    expect(hook.status, hook.text).toBe(201);
    await verifyLicenseAtStart();
    const db = await getDb();
    startLicenseChecks(db);
    startJobs(["deliver-due-webhooks"]);
    await until("the first check found the licence valid", async () => {
      const s = await call<Json>("GET", "/v1/workspace/license", { token: org.members.Billing.token });
      return s.body.status === "valid" && s.body.issuer_reached_at !== null;
    });
    const room = await createRoom();
    expect(room.status).toBe(201);

    // Revoked in the cloud (by Billing).
    const revoked = await toIssuer("POST", `/v1/workspace/licenses/${issued.body.id}/revoke`, issuer.billing);
    expect(revoked.status).toBe(200);
    // Within a few poll intervals (the poll is every 0.2 s): the deadline gives a slow machine slack;
    // how long it took is no assertion (timings belong in the bench).
    await until("new rooms are refused", async () => (await createRoom()).status === 402, 10_000);
    expectProblem(await createRoom(), 402, "license_invalid");
    expectProblem(
      await call("POST", "/v1/auth/tokens/room", {
        headers: { authorization: `Bearer ${roomKey}` },
        json: { roomId: room.body.id, identity: "ada", role: "publisher" },
      }),
      402,
      "license_invalid",
    );
    const [delivered] = await rx.waitForRequests(1, { timeoutMs: 15_000 });
    const body = JSON.parse(delivered?.rawBody ?? "{}") as Json;
    expect(delivered?.headers["x-svc-webhook-type"]).toBe("license.revoked");
    expect(EVENT_TYPES["license.revoked"].body.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({
      type: "license.revoked",
      org_id: org.id,
      data: { object: { license_id: issued.body.id, reason: "revoked" } },
    });
    // Sent once: more checks pass, no second event.
    const checkedAt = String(
      (await call<Json>("GET", "/v1/workspace/license", { token: org.members.Owner.token })).body.checked_at,
    );
    await until("several more checks ran", async () => {
      const s = await call<Json>("GET", "/v1/workspace/license", { token: org.members.Owner.token });
      return Date.parse(String(s.body.checked_at)) > Date.parse(checkedAt) + 3 * CHECK_SECONDS * 1000;
    });
    const sentEvents = await db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.type, "license.revoked"));
    expect(sentEvents).toHaveLength(1);
    expect(rx.requests.filter((r) => r.headers["x-svc-webhook-type"] === "license.revoked")).toHaveLength(1);
    // Reading and ending rooms keep working.
    expect(
      (await call("GET", `/v1/workspace/rooms/${room.body.id}`, { token: org.members.Owner.token })).status,
    ).toBe(200);
    expect(
      (await call("POST", `/v1/workspace/rooms/${room.body.id}/end`, { token: org.members.Owner.token }))
        .status,
    ).toBe(200);
  });
});
