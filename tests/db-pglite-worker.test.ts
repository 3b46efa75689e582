import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "@/db/schema";
import type { Db } from "@/lib/db";
import { isUniqueViolation, sqlState } from "@/lib/db-errors";
import { openPgliteWorker, type PgliteWorkerClient } from "@/lib/db-pglite-worker";
import { runPrepared } from "@/lib/db-prepared";

/**
 * The embedded database on its worker thread (docs/decisions/0863) behaves as in-process PGlite
 * does for everything the app asks of it: drizzle queries and migrations, transactions that commit
 * or roll back and keep other statements out meanwhile, errors with their SQLSTATE, prepared
 * statements, and a close that ends the thread.
 */
let dir: string;
let client: PgliteWorkerClient;
let db: Db;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-pglite-worker-"));
  client = await openPgliteWorker(path.join(dir, "pg"));
  // drizzle's PGlite driver types its client as PGlite; the worker client answers the same calls
  // it makes (query, exec, transaction), which is what this file proves.
  const asPglite = client as unknown as PGlite;
  await migrate(drizzle(asPglite), { migrationsFolder: path.resolve("db/migrations") });
  db = drizzle(asPglite, { schema }) as unknown as Db;
});

afterAll(async () => {
  await client?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("PGlite on a worker thread", () => {
  it("runs drizzle queries with the same types as in-process (dates, booleans, arrays)", async () => {
    await db.insert(schema.orgs).values({ id: "org_w1", name: "Worker org", planSelected: true });
    const [org] = await db.select().from(schema.orgs).where(eq(schema.orgs.id, "org_w1"));
    expect(org?.planSelected).toBe(true);
    expect(org?.createdAt).toBeInstanceOf(Date);
    const arr = await db.execute(sql`select array['a','b']::text[] as xs`);
    expect((arr as unknown as { rows: { xs: string[] }[] }).rows[0]?.xs).toEqual(["a", "b"]);
  });

  it("commits a transaction, rolls back a failed one, and keeps other statements out meanwhile", async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    const tx = db.transaction(async (t) => {
      await t.insert(schema.orgs).values({ id: "org_w2", name: "In tx", planSelected: false });
      await held;
    });
    // Outside the transaction this waits for it, then sees its committed row.
    const outside = db.select().from(schema.orgs).where(eq(schema.orgs.id, "org_w2"));
    release();
    await tx;
    expect(await outside).toHaveLength(1);

    await expect(
      db.transaction(async (t) => {
        await t.insert(schema.orgs).values({ id: "org_w3", name: "Rolled back", planSelected: false });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await db.select().from(schema.orgs).where(eq(schema.orgs.id, "org_w3"))).toHaveLength(0);
  });

  it("reports database errors with their SQLSTATE and constraint", async () => {
    const dup = await db
      .insert(schema.orgs)
      .values({ id: "org_w1", name: "Duplicate", planSelected: false })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(dup)).toBe(true);
    expect(sqlState(await db.execute(sql`select 1/0`).catch((e: unknown) => e))).toBe("22012");
  });

  it("runs prepared statements, and many statements at once", async () => {
    const stmt = { name: "t_worker_org", types: ["text"], text: "select id, name from orgs where id = $1" };
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => runPrepared(db, stmt, [i % 2 ? "org_w1" : "org_w2"])),
    );
    expect(results[0]).toEqual([["org_w2", "In tx"]]);
    expect(results[1]).toEqual([["org_w1", "Worker org"]]);
    expect(await runPrepared(db, stmt, ["it's nobody"])).toEqual([]);
  });

  it("fails statements after close instead of hanging (last: it closes the shared client)", async () => {
    await client.close();
    await expect(client.query("select 1")).rejects.toThrow(/closed|exited/);
    await client.close();
  });
});
