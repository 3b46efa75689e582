/**
 * `npm run db:app-role -- --role svc_app`
 * Run with DATABASE_URL of the role that owns the tables (the one that runs migrations). Grants the
 * existing login role `svc_app` what the app needs, without ownership and without UPDATE, DELETE or
 * TRUNCATE on the audit log (docs/decisions/1052). Then run the app with DATABASE_URL of `svc_app`
 * and SVC_MIGRATE_ON_START unset. Safe to repeat; run it again after each migration.
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { appRoleGrants } from "@/lib/audit/app-role-grants";
import { closeDb, getDb } from "@/lib/db";

const { values } = parseArgs({ options: { role: { type: "string" } } });
if (!values.role) {
  console.error("Usage: npm run db:app-role -- --role <login role the app connects as>");
  process.exit(2);
}
const db = await getDb();
for (const statement of appRoleGrants(values.role)) await db.execute(sql.raw(statement));
console.log(`${values.role} may now run the app; it cannot rewrite or delete audit entries.`);
await closeDb();
