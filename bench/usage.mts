/**
 * The usage section of `npm run bench` (issue 44, docs/usage.md): bench/sections/usage.mts in a
 * process of its own on the database the environment names (DATABASE_URL: PostgreSQL, migrated
 * here; otherwise PGlite in SVC_DATA_DIR). Writes its figures to USAGE_OUT (JSON).
 *
 *   BENCH_SECTIONS=usage BENCH_TARGETS=postgres npm run bench     (no build needed)
 *   USAGE_SPANS (10,000,000), USAGE_PARTICIPANTS (1,000), USAGE_ROUNDS (50)
 */
import fs from "node:fs";

process.env.LOG_LEVEL = "silent";
// Seeding 10 million spans is one statement, and the roll-up of 90 such days another: far past the
// service's 3 s default, which cancelled the seeding (2026-11-29). The bench's own limit is its
// process timeout; what the roll-up takes is reported as `rollup_seconds`.
// Set before anything imports lib/env.ts (it parses the environment once, on import).
process.env.DATABASE_STATEMENT_TIMEOUT_MS ??= "0";
const { usageBench } = await import("./sections/usage.mjs");
if (process.env.DATABASE_URL) {
  const { migratePostgres } = await import("@/lib/db");
  await migratePostgres(process.env.DATABASE_URL);
}
const { getDb, closeDb, getDbDriver } = await import("@/lib/db");
const db = await getDb();
const result = await usageBench(db, {
  spans: Number(process.env.USAGE_SPANS ?? 10_000_000),
  participants: Number(process.env.USAGE_PARTICIPANTS ?? 1_000),
  rounds: Number(process.env.USAGE_ROUNDS ?? 50),
});
const out = { database: await getDbDriver(), ...result };
console.log(
  `usage (${out.database}): ${out.spans} spans, roll-up ${out.rollup_seconds} s; usage p50 ${out.usage_p50_ms} ms (target ≤ 50), session of ${out.participants} p50 ${out.session_p50_ms} ms (target ≤ 100)`,
);
if (process.env.USAGE_OUT) fs.writeFileSync(process.env.USAGE_OUT, JSON.stringify(out, null, 2));
await closeDb();
process.exit(0);
