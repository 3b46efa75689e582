/**
 * The usage section of `npm run bench` (issue 44, docs/usage.md): bench/sections/usage.mts in a
 * process of its own on the database the environment names (DATABASE_URL: PostgreSQL, migrated
 * here; otherwise PGlite in SVC_DATA_DIR). Writes its figures to USAGE_OUT (JSON).
 *
 *   BENCH_SECTIONS=usage BENCH_TARGETS=postgres npm run bench     (no build needed)
 *   USAGE_SPANS (10,000,000), USAGE_PARTICIPANTS (1,000), USAGE_ROUNDS (50),
 *   USAGE_ROLLUP_STATEMENT_TIMEOUT_MS (3,000: the roll-up's, as the service's default)
 */
import fs from "node:fs";

process.env.LOG_LEVEL = "silent";
// Seeding 10 million spans is one statement, far past the service's 3 s default, which cancelled
// the seeding (2026-11-29): the seeding and the reads run without a timeout; the roll-up runs
// with the service's (below). What the roll-up takes is reported as `rollup_seconds`.
// Set before anything imports lib/env.ts (it parses the environment once, on import).
process.env.DATABASE_STATEMENT_TIMEOUT_MS ??= "0";
const { usageBench } = await import("./sections/usage.mjs");
if (process.env.DATABASE_URL) {
  const { migratePostgres } = await import("@/lib/db");
  await migratePostgres(process.env.DATABASE_URL);
}
const { getDb, closeDb, getDbDriver, openPostgres } = await import("@/lib/db");
const db = await getDb();
// The roll-up itself runs as the service runs it: under the service's default 3 s statement
// timeout (docs/decisions/1410), on PostgreSQL. PGlite has no statement timeout.
const rollup = process.env.DATABASE_URL
  ? await openPostgres(process.env.DATABASE_URL, {
      connectTimeoutMs: 10_000,
      statementTimeoutMs: Number(process.env.USAGE_ROLLUP_STATEMENT_TIMEOUT_MS ?? 3_000),
    })
  : undefined;
const result = await usageBench(db, {
  spans: Number(process.env.USAGE_SPANS ?? 10_000_000),
  participants: Number(process.env.USAGE_PARTICIPANTS ?? 1_000),
  rounds: Number(process.env.USAGE_ROUNDS ?? 50),
  rollupDb: rollup?.db,
});
await rollup?.close();
const out = { database: await getDbDriver(), ...result };
console.log(
  `usage (${out.database}): ${out.spans} spans, roll-up ${out.rollup_seconds} s (${out.rollup_deferred_hours} hours deferred); usage p50 ${out.usage_p50_ms} ms (target ≤ 50), session of ${out.participants} p50 ${out.session_p50_ms} ms (target ≤ 100)`,
);
if (process.env.USAGE_OUT) fs.writeFileSync(process.env.USAGE_OUT, JSON.stringify(out, null, 2));
await closeDb();
process.exit(0);
