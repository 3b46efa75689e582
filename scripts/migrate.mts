/** `npm run db:migrate`: applies db/migrations to DATABASE_URL, or to the embedded data dir. */
import { closeDb, getDb, migratePostgres } from "@/lib/db";
import { env } from "@/lib/env";

if (env.DATABASE_URL) {
  await migratePostgres(env.DATABASE_URL);
  console.log("Migrations applied to the PostgreSQL server.");
} else {
  // Opening the embedded database migrates it (and takes the data-dir lock, refusing while the app runs).
  await getDb();
  await closeDb();
  console.log(`Migrations applied to the embedded database in ${env.SVC_DATA_DIR}.`);
}
