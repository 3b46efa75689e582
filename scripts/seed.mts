/** `npm run db:seed`: demo data into an empty database (docs/spec/product-decisions.md §10). */
import { closeDb, getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { SeedRefusedError, seedDemo, signInDetails } from "@/lib/seed/seed-demo";
import { demoPutObject } from "@/lib/server/demo-storage";
import { restrictFileModes } from "@/lib/server/private-files";

// The embedded database and recordings it creates are owner-only, as the server's.
restrictFileModes();
try {
  const db = await getDb();
  await seedDemo(db, { putObject: await demoPutObject() });
  console.log(signInDetails(env.baseUrl));
} catch (err) {
  console.error(err instanceof SeedRefusedError ? err.message : err);
  process.exitCode = 1;
} finally {
  await closeDb().catch(() => {});
}
