import { getDb } from "@/lib/db";
import { beat, forgetDeadInstances, HEARTBEAT_MS } from "@/lib/instances/heartbeat";
import { releaseDeadLeases } from "@/lib/instances/release-dead-leases";
import type { PassContext, PassResult } from "@/lib/jobs/define-job";
import { wake } from "@/lib/jobs/embedded-runner";
import { log } from "@/lib/log/logger";

/**
 * One beat of the instance-heartbeat job: renew this instance's heartbeat, release the leases of
 * instances whose heartbeat stopped and wake the workers for the freed rows.
 */
export async function heartbeatPass(ctx: Pick<PassContext, "now">): Promise<PassResult> {
  const db = await getDb();
  await beat(db, ctx.now);
  const released = await releaseDeadLeases(db, ctx.now);
  if (released.deliveries + released.emails > 0) {
    log.warn("released the leases of a dead instance", released);
    wake();
  }
  const forgotten = await forgetDeadInstances(db, ctx.now);
  return {
    next: new Date(ctx.now.getTime() + HEARTBEAT_MS),
    summary: { ...released, forgotten },
  };
}
