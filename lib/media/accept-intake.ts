import { mediaIntake } from "@/db/schema";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/ids";
import { dispatch } from "@/lib/jobs/backend";
import { applyMediaIntakeRequested } from "@/lib/jobs/definitions/apply-media-intake-requested";
import { log } from "@/lib/log/logger";
import type { MediaIntake, MediaIntakeReceipt } from "@/lib/media/intake";
import { encodeIntake } from "@/lib/media/intake-codec";

/**
 * The intake's write (lib/media/intake.ts): one insert, then the job is told. Nothing else runs
 * in the media server's request, so its answer waits for one statement, whatever the request
 * holds. A failed dispatch is logged, not thrown: the row is stored and the job's poll (embedded)
 * or sweep (Inngest cron) finds it.
 */
export async function acceptMediaIntake(db: Db, intake: MediaIntake): Promise<MediaIntakeReceipt> {
  const stored =
    intake.observations.length + (intake.reports?.length ?? 0) + (intake.streamReports?.length ?? 0);
  if (stored === 0) return { id: "", stored: 0 };
  const id = newId("mediaIntake");
  const node = intake.node ?? "";
  const stream = intake.stream ?? node;
  await db
    .insert(mediaIntake)
    .values({ id, driver: intake.driver, node, stream, body: encodeIntake(intake) });
  try {
    await dispatch(applyMediaIntakeRequested, [{ id, payload: { node: stream } }]);
  } catch (err) {
    log.warn("media intake stored; its job was not told (the sweep applies it)", { intake_id: id, err });
  }
  return { id, stored };
}
