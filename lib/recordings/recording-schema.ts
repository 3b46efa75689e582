import { z } from "zod";
import { prefixedId, timestamp } from "@/lib/wire";

/** A recording's life (decisions §7): started -> completed | failed. */
export const RECORDING_STATES = ["started", "completed", "failed"] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];

const recordingFields = {
  id: prefixedId("rec_"),
  room_id: prefixedId("rm_"),
  state: z.enum(RECORDING_STATES),
  started_at: timestamp,
  duration_sec: z.number().int().meta({ description: "0 until the recording completed." }),
  size_bytes: z.number().int().meta({ description: "0 until the recording completed." }),
};

/**
 * A recording as the API answers it. The list and the download answer completed recordings only;
 * `recording.*` event bodies carry the state their event reports (issue 18: they used to disagree).
 */
export const recordingSchema = z.object(recordingFields).meta({
  id: "Recording",
  description:
    "`state` is `completed` in the recordings list; `recording.started` bodies carry `started`, `recording.failed` bodies `failed`.",
});
export type RecordingDto = z.output<typeof recordingSchema>;

const inState = <const S extends readonly [RecordingState, ...RecordingState[]]>(states: S) =>
  z.object({ ...recordingFields, state: z.enum(states) });

/** The recording each `recording.*` event carries: its state is the one the event reports. */
export const RECORDING_EVENT_OBJECTS = {
  "recording.started": inState(["started"]),
  "recording.completed": inState(["completed"]),
  "recording.failed": inState(["failed"]),
  // Processing can finish before the media plane's completed report arrives.
  "recording.ready": inState(["completed", "started"]),
} as const;
