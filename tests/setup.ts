import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import * as schema from "@/db/schema";
import { type Db, deferDbForTests, openPostgres } from "@/lib/db";

/** Each test file gets its own database, cloned from the run's migrated template on its first use. */
let close: (() => Promise<void>) | undefined;

beforeAll(() => {
  const templateDatabase = inject("templateDatabase");
  const databaseUrl = process.env.DATABASE_URL;
  if (templateDatabase && databaseUrl) {
    deferDbForTests(async () => {
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
      return { db: handle.db, driver: "postgres", close };
    });
    return;
  }
  const file = inject("templateDataDir");
  if (!file) throw new Error("global setup provided no database template");
  deferDbForTests(async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    // About two seconds per file (a 44 MB data directory into WASM): paid only by files that query.
    const pg = await PGlite.create({ loadDataDir: new Blob([fs.readFileSync(file)]) });
    close = () => pg.close();
    return { db: drizzle(pg, { schema }) as unknown as Db, driver: "pglite", close };
  });
});

afterAll(async () => {
  // A test may already have closed it (the shutdown test does).
  await close?.().catch(() => {});
});
