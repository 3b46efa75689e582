import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import * as schema from "@/db/schema";
import { type Db, setDbForTests } from "@/lib/db";

/** Each test file gets its own database, cloned from the run's migrated template. */
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const templateDatabase = inject("templateDatabase");
  const databaseUrl = process.env.DATABASE_URL;
  if (templateDatabase && databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const name = `svc_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    const client = postgres(url.toString(), { max: 5, onnotice: () => {} });
    close = async () => {
      await client.end({ timeout: 5 });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
    setDbForTests(drizzle(client, { schema }) as unknown as Db, "postgres", close);
    return;
  }
  const file = inject("templateDataDir");
  if (!file) throw new Error("global setup provided no database template");
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const pg = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
  close = () => pg.close();
  setDbForTests(drizzle(pg, { schema }) as unknown as Db, "pglite", close);
});

afterAll(async () => {
  // A test may already have closed it (the shutdown test does).
  await close?.().catch(() => {});
});
