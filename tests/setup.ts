import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import * as schema from "@/db/schema";
import { type Db, openPostgres, setDbForTests } from "@/lib/db";

/** Each test file gets its own database, cloned from the run's migrated template. */
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const templateDatabase = inject("templateDatabase");
  const databaseUrl = process.env.DATABASE_URL;
  if (templateDatabase && databaseUrl) {
    const { default: postgres } = await import("postgres");
    const name = `svc_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${templateDatabase}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${name}`;
    // The server's own pool (timeouts, deadlines, driver options), so the suite runs what runs in
    // production.
    const handle = await openPostgres(url.toString());
    close = async () => {
      await handle.close();
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    };
    setDbForTests(handle.db, "postgres", close);
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
