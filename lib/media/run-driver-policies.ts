import type { Db } from "@/lib/db";
import { log } from "@/lib/log/logger";
import { enforcePublisherLimit } from "@/lib/media/enforce-publisher-limit";
import { evaluateQuality } from "@/lib/media/qos/evaluate-quality";
import type { QualitySample } from "@/lib/media/qos/quality-sample";
import { keepQualitySamples } from "@/lib/usage/keep-quality-samples";

/**
 * The post-commit policies that depend on what the driver can do, run by the apply-media-intake
 * job once a stored request's observations committed (never inside the media server's request):
 * quality samples are judged (lib/media/qos/evaluate-quality.ts), and a publisher beyond the room
 * type's limit is removed where the plane does not refuse it itself
 * (lib/media/enforce-publisher-limit.ts). Auto-recording and closing an ended room again are the
 * pipeline's own followups (lib/media/run-media-followups.ts). Best effort, like those: a failure
 * is logged, and reconcile repairs what it can. Returns how many quality alerts were new.
 */
export async function runDriverPolicies(
  db: Db,
  driver: string,
  samples: readonly QualitySample[],
  joinedRoomIds: readonly string[],
): Promise<number> {
  let alerts = 0;
  try {
    if (samples.length > 0) alerts = await evaluateQuality(db, samples);
    await keepQualitySamples(db, samples);
    if (joinedRoomIds.length === 0) return alerts;
    // Loaded here: the registry imports every driver, which the job system need not load for
    // requests without joins.
    const { findDriver } = await import("@/lib/media/driver-registry");
    if (!findDriver(driver)?.capabilities.enforcesPublisherLimit) {
      await enforcePublisherLimit(db, [...new Set(joinedRoomIds)]);
    }
  } catch (err) {
    log.warn("a media driver policy failed after commit", {
      driver,
      error: err instanceof Error ? err.message : String(err),
    });
  }
  return alerts;
}
