import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import * as schema from "@/db/schema";
import { orgs, projects, rooms } from "@/db/schema";
import { type Db, getDb, getDbDriver, MIGRATIONS_FOLDER } from "@/lib/db";
import { newId } from "@/lib/ids";
import { EVENT_RETRIES, EVENT_RETRY_WINDOW_MS } from "@/lib/media/janus/render-config";
import { stopped, until } from "./wait";

/**
 * The world of the chaos tests that SIGKILL the service while Janus posts its events
 * (tests/media-intake-restart.test.ts, tests/usage-restart.test.ts): a service process
 * (tests/helpers/media-service-process.ts) as a Janus plane whose one node nothing listens on (only
 * the intake and its jobs run), on the suite's PostgreSQL database or on a PGlite data dir of its
 * own that the test and the service open one at a time; rooms placed on that node; and a poster
 * that re-sends as Janus's event handler does.
 */

const SERVICE = path.resolve("tests/helpers/media-service-process.ts");
/** The node the service is told about. */
export const CHAOS_NODE = "http://127.0.0.1:9/janus";

export interface ChaosService {
  child: ChildProcess;
  port: Promise<number>;
}

export interface JanusChaos {
  startService(): ChaosService;
  /** The database the services use, opened here while no service holds it (PGlite: one process). */
  withDb<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** An org with `count` rooms placed on CHAOS_NODE: their ids. */
  seedRooms(name: string, count: number): Promise<{ orgId: string; roomIds: string[] }>;
  /**
   * A poster as Janus's event handler (janus_sampleevh.c): a POST refused or unanswered within
   * 10 s is re-sent after backoff·2^n ms with the rendered config's retries
   * (lib/media/janus/render-config.ts); a batch it would have dropped fails the test. `port()` is
   * the service answering now.
   */
  poster(port: () => number): {
    send(body: readonly unknown[]): Promise<void>;
    answered(): number;
    refused: number[];
  };
  /** Resolves once the service on `port` has applied every stored request. */
  applied(port: number): Promise<void>;
  stop(service: ChaosService, signal: NodeJS.Signals): Promise<void>;
}

export function janusChaos(settings: {
  tokenSecret: string;
  eventsSecret: string;
  tmpPrefix: string;
}): JanusChaos {
  let dataDir: string | undefined;
  let databaseUrl: string | undefined;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    if ((await getDbDriver()) === "postgres") {
      const db = await getDb();
      const [row] = (await db.execute(sql`select current_database() as name`)) as unknown as {
        name: string;
      }[];
      const url = new URL(process.env.DATABASE_URL ?? "");
      url.pathname = `/${row?.name}`;
      databaseUrl = url.toString();
    } else {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), settings.tmpPrefix));
    }
  });

  afterAll(async () => {
    await Promise.all(children.map((c) => stopped(c, "SIGKILL")));
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function startService(): ChaosService {
    const child = spawn(process.execPath, ["--import", "tsx", SERVICE], {
      cwd: process.cwd(),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: "test",
        LOG_LEVEL: "warn",
        SVC_ENCRYPTION_KEY: process.env.SVC_ENCRYPTION_KEY,
        NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET,
        SVC_SEED_ON_START: "never",
        SVC_MEDIA_PLANE: "janus",
        JANUS_URL: CHAOS_NODE,
        JANUS_PUBLIC_URL: "ws://127.0.0.1:9/janus",
        JANUS_TOKEN_SECRET: settings.tokenSecret,
        JANUS_EVENTS_SECRET: settings.eventsSecret,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { SVC_DATA_DIR: dataDir }),
      },
      stdio: "pipe",
    });
    children.push(child);
    let stderr = "";
    child.stderr?.on("data", (c: Buffer) => {
      stderr += c.toString("utf8");
    });
    const port = new Promise<number>((resolve, reject) => {
      let out = "";
      child.stdout?.on("data", (c: Buffer) => {
        out += c.toString("utf8");
        const m = /"msg":"service ready","port":(\d+)/.exec(out);
        if (m) resolve(Number(m[1]));
      });
      child.once("exit", (code) => reject(new Error(`service exited (${code}): ${stderr.slice(-2000)}`)));
    });
    return { child, port };
  }

  async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
    if (databaseUrl) return fn(await getDb());
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await PGlite.create(path.join(dataDir ?? "", "pg"));
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      return await fn(drizzle(client, { schema }) as unknown as Db);
    } finally {
      await client.close();
    }
  }

  const seedRooms = (name: string, count: number) =>
    withDb(async (db) => {
      const orgId = newId("org");
      const projectId = newId("project");
      await db.insert(orgs).values({ id: orgId, name, planSelected: true });
      await db
        .insert(projects)
        .values({ id: projectId, orgId, name: "Main", slug: `main-${orgId.slice(-8)}` });
      const roomIds = Array.from({ length: count }, () => newId("room"));
      await db.insert(rooms).values(
        roomIds.map((id) => ({
          id,
          orgId,
          projectId,
          name: "r",
          type: "meeting" as const,
          shortCode: id.slice(3, 13).toLowerCase(),
          // Placed on the one node the service knows: its events apply only to its rooms (1200).
          mediaNode: CHAOS_NODE,
        })),
      );
      return { orgId, roomIds };
    });

  function poster(port: () => number) {
    const auth = `Basic ${Buffer.from(`janus:${settings.eventsSecret}`).toString("base64")}`;
    let answered = 0;
    /** Answers other than 202: Janus counts any answer as delivered, so these would be lost. */
    const refused: number[] = [];
    const send = async (body: readonly unknown[]) => {
      for (let n = 0; ; n++) {
        try {
          const res = await fetch(`http://127.0.0.1:${port()}/v1/internal/media/janus`, {
            method: "POST",
            headers: { "content-type": "application/json", authorization: auth },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(10_000),
          });
          await res.arrayBuffer();
          if (res.status === 202) answered++;
          else refused.push(res.status);
          return;
        } catch {
          // Refused or unanswered: the service is gone; Janus tries again.
        }
        if (n === EVENT_RETRIES.max)
          throw new Error(`Janus would have dropped a batch after ${EVENT_RETRY_WINDOW_MS} ms of retries`);
        await new Promise((r) => setTimeout(r, EVENT_RETRIES.backoffMs * 2 ** n));
      }
    };
    return { send, answered: () => answered, refused };
  }

  const applied = (port: number) =>
    until(
      "every stored request applied",
      async () => {
        const res = await fetch(`http://127.0.0.1:${port}/pending`);
        return ((await res.json()) as { pending: number }).pending === 0;
      },
      120_000,
    );

  return { startService, withDb, seedRooms, poster, applied, stop: (s, signal) => stopped(s.child, signal) };
}
