/**
 * A stand-in for the server's background side, run as its own OS process by the restart test:
 * it opens the database named by the environment (SVC_DATA_DIR or DATABASE_URL) and starts the
 * embedded runner with the webhook worker as lib/server/start.ts does, then runs until
 * it is killed. The test kills it mid-schedule and starts another one.
 */
import { getDb } from "@/lib/db";
import { startJobs } from "@/lib/jobs/start-jobs";
import { WORKER_IDS, type WorkerId } from "@/lib/jobs/worker-ids";

await getDb();
// The jobs to run: the webhook worker, and (for the fault test) the heartbeat that frees a dead
// instance's leases early.
const isWorker = (id: string): id is WorkerId => WORKER_IDS.some((w) => w === id);
startJobs((process.env.WORKER_JOBS ?? "deliver-due-webhooks").split(",").filter(isWorker));
// The runner's timers are unref'd (they never hold a server open); this process exists to run it.
setInterval(() => {}, 60_000);
process.stdout.write('{"msg":"worker ready"}\n');
