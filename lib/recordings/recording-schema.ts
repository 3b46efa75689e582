import { z } from "zod";
import { prefixedId, timestamp } from "@/lib/wire";

/** A recording as the API answers it; `RecordingDto` is inferred from it. Only completed ones are shown. */
export const recordingSchema = z
  .object({
    id: prefixedId("rec_"),
    room_id: prefixedId("rm_"),
    state: z.literal("completed"),
    started_at: timestamp,
    duration_sec: z.number().int(),
    size_bytes: z.number().int(),
  })
  .meta({ id: "Recording" });
export type RecordingDto = z.output<typeof recordingSchema>;

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
