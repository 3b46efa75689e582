import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { deliveries, deliveryAttempts, orgs, projects } from "@/db/schema";
import { type Db, getDb, getDbDriver, MIGRATIONS_FOLDER } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { createWebhook } from "@/lib/webhooks/create-webhook";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { type HttpsReceiver, startHttpsReceiver, testCertificate } from "./helpers/https-receiver";
import { roomObject } from "./helpers/webhook-fixtures";

/**
 * "Killing the server mid-schedule and starting it again loses no delivery": the runner runs in a
 * real child process on the same database (a PGlite data dir, or this file's PostgreSQL database),
 * is SIGKILLed between attempts, and a second process finishes the schedule.
 */

// The backoff after attempt 2 (≥ 1.6 s) leaves ample time to kill the first process before attempt 3.
/** These tests exercise delivery, not bodies: any object goes. */

const SCHEDULE = "0,0.2,2,0.2,0.2,0.2,0.2";
const WORKER = path.resolve("tests/helpers/delivery-worker-process.ts");

let rx: HttpsReceiver;
let dataDir: string | undefined;
let databaseUrl: string | undefined;
const children: ChildProcess[] = [];

interface Worker {
  child: ChildProcess;
  lines: Record<string, unknown>[];
  waitForLine: (match: (l: Record<string, unknown>) => boolean, what: string) => Promise<void>;
}

function startWorker(): Worker {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    LOG_LEVEL: "info",
    SVC_ENCRYPTION_KEY: process.env.SVC_ENCRYPTION_KEY,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
    SVC_SEED_ON_START: "never",
    SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
    SVC_WEBHOOK_RETRY_SCHEDULE: SCHEDULE,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { SVC_DATA_DIR: dataDir }),
  };
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
    cwd: process.cwd(),
    env,
    stdio: "pipe",
  });
  children.push(child);
  const lines: Record<string, unknown>[] = [];
  const waiters = new Set<() => void>();
  let stderr = "";
  let buffered = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString("utf8");
    const parts = buffered.split("\n");
    buffered = parts.pop() ?? "";
    for (const p of parts) {
      try {
        lines.push(JSON.parse(p) as Record<string, unknown>);
      } catch {
        // Not a log line.
      }
    }
    for (const w of waiters) w();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  const waitForLine: Worker["waitForLine"] = (match, what) =>
    new Promise((resolve, reject) => {
      const check = () => {
        if (lines.some(match)) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`worker: no ${what} within 60 s; stderr: ${stderr.slice(-2000)}`));
      }, 60_000);
      waiters.add(check);
      child.once("exit", (code) => {
        if (!lines.some(match))
          reject(new Error(`worker exited (${code}) before ${what}; stderr: ${stderr.slice(-2000)}`));
      });
      check();
    });
  return { child, lines, waitForLine };
}

function killed(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill(signal);
  });
}

/** The PGlite case: a data dir of its own, which parent and children open one at a time. */
async function openDataDir(): Promise<{ db: Db; close: () => Promise<void> }> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create(path.join(dataDir ?? "", "pg"));
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  return { db: drizzle(client, { schema }) as unknown as Db, close: () => client.close() };
}

async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  if (databaseUrl) return fn(await getDb());
  const { db, close } = await openDataDir();
  try {
    return await fn(db);
  } finally {
    await close();
  }
}

beforeAll(async () => {
  overrideEnvForTests({
    SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
    SVC_WEBHOOK_RETRY_SCHEDULE: SCHEDULE,
  });
  rx = await startHttpsReceiver();
  if ((await getDbDriver()) === "postgres") {
    const db = await getDb();
    const [row] = (await db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = `/${row?.name}`;
    databaseUrl = url.toString();
  } else {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-restart-"));
  }
});

afterAll(async () => {
  await Promise.all(children.map((c) => killed(c, "SIGKILL")));
  await rx.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  overrideEnvForTests({});
});

describe("a killed server loses no delivery", () => {
  it("finishes the schedule in the next process, each attempt once, one id throughout", async () => {
    rx.respond((_r, i) => (i < 3 ? { status: 503, body: "not yet" } : { status: 200, body: "ok" }));
    const { endpointId, eventCount } = await withDb(async (db) => {
      const orgId = newId("org");
      const projectId = newId("project");
      await db.insert(orgs).values({ id: orgId, name: "Restart", planSelected: true });
      await db
        .insert(projects)
        .values({ id: projectId, orgId, name: "P", slug: `p-${projectId.slice(-6).toLowerCase()}` });
      const w = await createWebhook(
        db,
        { orgId, projectId: null },
        { url: rx.url, events: ["room.ended"], description: null },
      );
      await transactionWithJobs(db, (tx) =>
        recordEvent(tx, {
          type: "room.ended",
          orgId,
          projectId,
          object: roomObject(projectId),
        }),
      );
      return { endpointId: w.id, eventCount: 1 };
    });
    expect(eventCount).toBe(1);

    const first = startWorker();
    await first.waitForLine(
      (l) => l.msg === "webhook attempt" && l.attempt === 2 && l.recorded === true,
      "attempt 2",
    );
    await killed(first.child, "SIGKILL");
    // Mid-schedule: two attempts made, the rest still to come.
    const sentBeforeKill = rx.requests.length;
    expect(sentBeforeKill).toBe(2);

    const second = startWorker();
    await second.waitForLine(
      (l) => l.msg === "webhook attempt" && l.outcome === "succeeded",
      "the successful attempt",
    );
    await killed(second.child, "SIGTERM");

    expect(rx.requests.map((r) => r.headers["x-svc-webhook-attempt"])).toEqual(["1", "2", "3", "4"]);
    expect(new Set(rx.requests.map((r) => r.headers["x-svc-webhook-id"])).size).toBe(1);
    const { row, attempts } = await withDb(async (db) => {
      const [d] = await db.select().from(deliveries).where(sql`${deliveries.endpointId} = ${endpointId}`);
      const a = await db
        .select()
        .from(deliveryAttempts)
        .where(sql`${deliveryAttempts.deliveryId} = ${d?.id ?? ""}`);
      return { row: d, attempts: a.sort((x, y) => x.attempt - y.attempt) };
    });
    expect(row).toMatchObject({ status: "succeeded", attemptCount: 4, lockedUntil: null });
    expect(attempts.map((a) => [a.attempt, a.outcome])).toEqual([
      [1, "retry"],
      [2, "retry"],
      [3, "retry"],
      [4, "succeeded"],
    ]);
    expect(String(rx.requests[0]?.headers["x-svc-webhook-id"])).toBe(row?.webhookId);
    // Deadlines, not timings: two process starts on a loaded machine can take a while.
  }, 180_000);
});
