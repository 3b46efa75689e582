import fs from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";

/**
 * Builds one migrated database template per run: a PGlite data-dir dump (embedded) or a template
 * database on the server (DATABASE_URL). Each test file then clones it in well under a second.
 */
export default async function setup(project: TestProject) {
  const migrationsFolder = path.resolve("db/migrations");
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    const template = `svc_test_tpl_${process.pid}`;
    const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${template}`);
    await admin.unsafe(`CREATE DATABASE ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await migrate(drizzle(client), { migrationsFolder });
    await client.end();
    project.provide("templateDatabase", template);
    return async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await admin.end();
    };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const pg = await PGlite.create();
  await migrate(drizzle(pg), { migrationsFolder });
  const dump = await pg.dumpDataDir("none");
  await pg.close();
  const file = path.resolve(".test-data", `template-${process.pid}.tar`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("templateDataDir", file);
  return () => fs.rmSync(file, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    templateDatabase?: string;
    templateDataDir?: string;
  }
}
