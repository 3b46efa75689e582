import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import { objectDeletions } from "@/db/schema";
import { type Db, getDb, getDbDriver, MIGRATIONS_FOLDER } from "@/lib/db";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { queueObjectDeletions } from "@/lib/storage/object-deletions";
import { LOCAL_BUCKET } from "@/lib/storage/storage-config";
import { stopped, until } from "./helpers/wait";

/**
 * "The deletion job survives restarts" (issue 16): the worker runs in a real child process on the
 * same database. The first one claims the queued deletions and is SIGKILLed while its storage
 * calls hang; once the claim's lease has run out, a second process deletes every object.
 */

const WORKER = path.resolve("tests/helpers/object-deletion-worker-process.ts");
const children: ChildProcess[] = [];
let dataDir: string;
let databaseUrl: string | undefined;
let hanging: http.Server;
let hangingUrl: string;
const requestsSeen: string[] = [];

function startWorker(storage: "hanging" | "local"): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    SVC_ENCRYPTION_KEY: process.env.SVC_ENCRYPTION_KEY,
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
    SVC_SEED_ON_START: "never",
    SVC_DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(storage === "hanging"
      ? {
          S3_BUCKET: "svc-hanging",
          S3_ENDPOINT: hangingUrl,
          S3_REGION: "us-east-1",
          S3_ACCESS_KEY_ID: "k",
          S3_SECRET_ACCESS_KEY: "s",
          S3_FORCE_PATH_STYLE: "true",
        }
      : {}),
  };
  const child = spawn(process.execPath, ["--import", "tsx", WORKER], {
    cwd: process.cwd(),
    env,
    stdio: "pipe",
  });
  children.push(child);
  return child;
}

/** PGlite: a data dir of its own, which parent and children open one at a time. */
async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  if (databaseUrl) return fn(await getDb());
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const client = await PGlite.create(path.join(dataDir, "pg"));
  try {
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
    return await fn(drizzle(client, { schema }) as unknown as Db);
  } finally {
    await client.close();
  }
}

const objectFile = (key: string) => path.join(dataDir, "objects", LOCAL_BUCKET, ...key.split("/"));

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-object-restart-"));
  if ((await getDbDriver()) === "postgres") {
    const db = await getDb();
    const [row] = (await db.execute(sql`select current_database() as name`)) as unknown as { name: string }[];
    const url = new URL(process.env.DATABASE_URL ?? "");
    url.pathname = `/${row?.name}`;
    databaseUrl = url.toString();
  }
  // Storage that takes every request and never answers: the first worker hangs mid-deletion.
  hanging = http.createServer((req) => {
    requestsSeen.push(`${req.method} ${req.url}`);
  });
  await new Promise<void>((resolve) => hanging.listen(0, "127.0.0.1", resolve));
  hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await Promise.all(children.map((c) => stopped(c, "SIGKILL")));
  hanging.closeAllConnections();
  await new Promise((r) => hanging.close(r));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("deleting stored objects across a restart", () => {
  it("redoes, in the next process, the deletions a killed process had claimed", async () => {
    const orgId = newId("org");
    const keys = [1, 2, 3].map((i) => `recordings/${orgId}/restart-${i}.mp4`);
    for (const key of keys) {
      fs.mkdirSync(path.dirname(objectFile(key)), { recursive: true });
      fs.writeFileSync(objectFile(key), `bytes of ${key}`);
    }
    await withDb((db) => transactionWithJobs(db, (tx) => queueObjectDeletions(tx, orgId, keys)));

    const first = startWorker("hanging");
    await until("storage call from the first worker", () => requestsSeen.length > 0, 60_000);
    await stopped(first, "SIGKILL");
    // It claimed the rows and died before deleting anything.
    const claimed = await withDb((db) => db.select().from(objectDeletions).where(sql`org_id = ${orgId}`));
    expect(claimed.map((r) => r.attempts)).toEqual([1, 1, 1]);
    expect(claimed.every((r) => r.nextAttemptAt.getTime() > Date.now())).toBe(true);
    for (const key of keys) expect(fs.existsSync(objectFile(key))).toBe(true);

    // The lease runs out (five minutes; brought forward here rather than waited for).
    await withDb((db) =>
      db
        .update(objectDeletions)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(sql`org_id = ${orgId}`),
    );
    const second = startWorker("local");
    await until("every object deleted", () => keys.every((k) => !fs.existsSync(objectFile(k))), 60_000);
    await stopped(second, "SIGTERM");
    const left = await withDb((db) => db.select().from(objectDeletions).where(sql`org_id = ${orgId}`));
    expect(left).toEqual([]);
  }, 180_000);
});
