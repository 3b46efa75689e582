import type { Db } from "@/lib/db";
import { applyObservations } from "@/lib/media/apply-observations";
import type { MediaObservation } from "@/lib/media/connections";
import { judgeQualitySample } from "./judge-quality-sample";
import type { QualitySample } from "./quality-sample";

/**
 * Judges quality samples and applies the alerts they deserve (`qos.alert`, once per room, kind and
 * window: the alert's id carries the window, so a repeat or a second sample in the window changes
 * nothing). It reads only committed rows (the sample's connection), so it runs after the
 * observations of its request have committed: in the apply-media-intake job, once the request
 * applied (lib/media/run-driver-policies.ts). The alerts apply through the pipeline's one
 * transaction shape (lib/media/apply-observations.ts). Returns how many alerts were new.
 */
export async function evaluateQuality(db: Db, samples: readonly QualitySample[]): Promise<number> {
  const alerts: MediaObservation[] = samples.flatMap((s) =>
    judgeQualitySample(s).map(
      (v): MediaObservation => ({
        kind: "quality",
        ref: v.ref,
        connectionId: s.connectionId,
        qos: { kind: v.kind, value: v.value },
        at: s.at,
      }),
    ),
  );
  return alerts.length === 0 ? 0 : applyObservations(db, alerts);
}
