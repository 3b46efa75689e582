import type { MediaIntakeBody } from "@/db/schema";
import type { DriverObservation } from "@/lib/media/driver-observation";
import type { MediaIntake } from "@/lib/media/intake";
import type { MediaReport } from "@/lib/media/media-report-schema";
import type { PlaneStreamReport } from "@/lib/streams/plane-stream-report";

/**
 * An intake as stored (media_intake.body, JSON) and back. Dates travel as ISO strings; everything
 * else in an observation or report is already plain JSON.
 */
export function encodeIntake(
  intake: Pick<MediaIntake, "observations" | "reports" | "streamReports">,
): MediaIntakeBody {
  const plain = (r: object) => JSON.parse(JSON.stringify(r)) as Record<string, unknown>;
  return {
    observations: intake.observations.map((o) => ({ ...o, at: o.at.toISOString() })),
    reports: (intake.reports ?? []).map(plain),
    ...(intake.streamReports?.length ? { streams: intake.streamReports.map(plain) } : {}),
  };
}

const date = (v: unknown): Date | undefined => (typeof v === "string" ? new Date(v) : undefined);

export function decodeObservation(raw: Record<string, unknown>): DriverObservation {
  return { ...raw, at: date(raw.at) ?? new Date(0) } as DriverObservation;
}

export function decodeReport(raw: Record<string, unknown>): MediaReport {
  const recording = raw.recording as Record<string, unknown> | undefined;
  return {
    ...raw,
    occurred_at: date(raw.occurred_at),
    ...(recording ? { recording: { ...recording, started_at: date(recording.started_at) } } : {}),
  } as MediaReport;
}

/** A plane's stream report is plain JSON already (no dates). */
export const decodeStreamReport = (raw: Record<string, unknown>): PlaneStreamReport =>
  raw as unknown as PlaneStreamReport;
