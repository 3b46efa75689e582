/**
 * A stand-in for the server's background side in the object-deletion restart test: opens the
 * database named by the environment (SVC_DATA_DIR or DATABASE_URL) and runs the embedded
 * `delete-stored-objects` worker, as lib/server/start.ts does, until it is killed (SIGKILL: a crash) or stopped (SIGTERM).
 */
import { getDb } from "@/lib/db";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";

await getDb();
startJobs(["delete-stored-objects"]);
// The runner's timers are unref'd (they never hold a server open); this process exists to run it.
setInterval(() => {}, 60_000);
// SIGTERM is a graceful stop: the pass in flight finishes (its rows deleted) before the exit.
process.once("SIGTERM", () => {
  void stopJobs().then(() => process.exit(0));
});
process.stdout.write('{"msg":"worker ready"}\n');
