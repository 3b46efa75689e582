import { getDb, migratePostgres } from "@/lib/db";
import { env } from "@/lib/env";
import { startJobs } from "@/lib/jobs/start-jobs";
import { startLicenseChecks } from "@/lib/licenses/license-checks";
import { verifyLicenseAtStart } from "@/lib/licenses/verify-at-start";
import { log } from "@/lib/log/logger";
import { getAuthSecret, getEncryptionKey } from "@/lib/secrets";
import { hasUsers, seedDemo, signInDetails } from "@/lib/seed/seed-demo";
import { checkRuntime } from "@/lib/server/check-runtime";
import { demoPutObject } from "@/lib/server/demo-storage";
import { setLifecycle } from "@/lib/server/lifecycle";
import { publicUrlWarning } from "@/lib/server/public-url";
import { installShutdownHandlers } from "@/lib/server/shutdown";
import { tuneGc } from "@/lib/server/tune-gc";
import { ensureLocalObjectStore } from "@/lib/storage/local-object-store";

/**
 * Server start-up (Next's instrumentation hook): open the database (the embedded one migrates
 * itself), seed demo data on the first dev start, and start the embedded background parts.
 */
export async function startServer(): Promise<void> {
  setLifecycle("starting");
  // Before the first request: which allocation sites V8 pretenures is learnt from the first
  // collections under load (decision 0974).
  const v8Flags = tuneGc(env.SVC_GC_PRETENURING);
  // Read (or generate) the secrets now: a data-dir secrets file without a valid secret is a
  // start-up failure with its path (decision 0970), not an error on every request that needs it.
  getAuthSecret();
  getEncryptionKey();
  // self_host: an altered, foreign-signed or expired licence refuses the start (docs/decisions/1277).
  await verifyLicenseAtStart();
  if (env.DATABASE_URL && env.SVC_MIGRATE_ON_START) await migratePostgres(env.DATABASE_URL);
  const db = await getDb();
  // Without S3_BUCKET, recordings live in a local S3-compatible store that runs with the app.
  await ensureLocalObjectStore();
  const seed =
    env.SVC_SEED_ON_START === "always" ||
    (env.SVC_SEED_ON_START === "auto" && env.embeddedDatabase && env.NODE_ENV !== "production");
  if (seed && !(await hasUsers(db))) {
    await seedDemo(db, { putObject: await demoPutObject() });
    process.stdout.write(`\n${signInDetails(env.baseUrl)}\n\n`);
  }
  if (env.embeddedDatabase && env.NODE_ENV === "production") {
    log.warn("production server on the embedded defaults", {
      database: `PGlite in ${env.SVC_DATA_DIR}`,
      note: "fine for a single self-hosted node; set DATABASE_URL, S3_* and RESEND_API_KEY for anything more",
    });
  }
  const publicUrl = publicUrlWarning(env);
  if (publicUrl) log.warn("public URL not set", publicUrl);
  const runtime = checkRuntime(process.version, new Date());
  if (runtime.endOfLife) {
    log.warn("Node.js past its end of life", {
      node: runtime.node,
      end_of_life: runtime.endOfLife,
      note: "it gets no security fixes; run Node 24 (the Dockerfile's) or newer",
    });
  }
  startJobs();
  startLicenseChecks(db);
  installShutdownHandlers(env.NEXT_MANUAL_SIG_HANDLE);
  setLifecycle("serving");
  log.info("server started", {
    database: env.embeddedDatabase ? `embedded PGlite (${env.SVC_DATA_DIR})` : "PostgreSQL (DATABASE_URL)",
    deployment_mode: env.SVC_DEPLOYMENT_MODE,
    v8_flags: v8Flags,
    node: runtime.node,
  });
}
