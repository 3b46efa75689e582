import { z } from "zod";
import { RECORDING_STATES } from "@/db/enums";
import { prefixedId, timestamp } from "@/lib/wire";

/** A recording's life (docs/spec/product-decisions.md §7): started -> completed | failed. */
export { RECORDING_STATES };
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
    "`state` is `completed` in the recordings list; `recording.started` bodies carry `started`, `recording.failed` bodies `failed`. Starting a recording answers `recording` (asked, not yet confirmed by the media plane: docs/decisions/1080).",
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

export const downloadLinkSchema = z
  .object({ download_url: z.string(), filename: z.string(), expires_at: timestamp })
  .meta({ id: "DownloadLink" });
export type DownloadLink = z.output<typeof downloadLinkSchema>;

const instant = (bound: string) =>
  z.iso
    .datetime({ offset: true, error: `${bound} must be an ISO 8601 timestamp, e.g. 2026-03-04T05:06:07Z` })
    .optional();

/**
 * Query of GET /v1/workspace/recordings (docs/decisions/0003, 0921): filters, and a window on
 * `started_at` — `until` exclusive, `since` inclusive — to walk every recording page by page.
 */
export const listRecordingsQuery = z.object({
  project_id: z.string().min(1).max(64).optional(),
  room_id: z.string().min(1).max(64).optional(),
  until: instant("until").meta({
    description:
      "Only recordings that started before this instant (exclusive). For the next page pass the `started_at` of the page's last item.",
  }),
  since: instant("since").meta({ description: "Only recordings that started at or after this instant." }),
});
export type ListRecordingsQuery = z.output<typeof listRecordingsQuery>;
