import { z } from "zod";
import { MEDIA_REPORT_TYPES } from "@/db/enums";

/** docs/spec/product-decisions.md §7: what the media plane reports to POST /v1/internal/media-events. */
export { MEDIA_REPORT_TYPES };
export type MediaReportType = (typeof MEDIA_REPORT_TYPES)[number];

export const QOS_KINDS = ["loss_storm", "low_bitrate", "high_rtt"] as const;

const timestamp = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be an ISO 8601 timestamp` })
    .transform((v) => new Date(v));

/** Our own ids: a type prefix and base62 (ids are printed in URLs and file names). */
const recordingId = z
  .string({ error: "recording.id must be a string" })
  .regex(/^rec_[A-Za-z0-9]{16,64}$/, "recording.id must be rec_ followed by 16 to 64 letters or digits");

export const mediaReportBody = z
  .object({
    id: z
      .string({ error: "id is required (the reporter's unique id)" })
      .min(1, "id must be 1 to 200 characters")
      .max(200, "id must be 1 to 200 characters"),
    type: z.enum(MEDIA_REPORT_TYPES, { error: `type must be one of ${MEDIA_REPORT_TYPES.join(", ")}` }),
    room_id: z
      .string({ error: "room_id is required" })
      .regex(/^rm_[A-Za-z0-9]{1,64}$/, "room_id must be a room id (rm_…)"),
    occurred_at: timestamp("occurred_at").optional(),
    participant: z
      .object(
        {
          identity: z
            .string({ error: "participant.identity is required (1 to 128 characters)" })
            .min(1, "participant.identity must be 1 to 128 characters")
            .max(128, "participant.identity must be 1 to 128 characters"),
        },
        { error: "participant must be an object" },
      )
      .optional(),
    recording: z
      .object(
        {
          id: recordingId.optional(),
          object_key: z
            .string({ error: "recording.object_key must be a string" })
            .min(1, "recording.object_key must be 1 to 1024 characters")
            .max(1024, "recording.object_key must be 1 to 1024 characters")
            .optional(),
          started_at: timestamp("recording.started_at").optional(),
          duration_sec: z
            .number({ error: "recording.duration_sec must be a non-negative integer" })
            .int("recording.duration_sec must be a non-negative integer")
            .min(0, "recording.duration_sec must be a non-negative integer")
            .max(2_147_483_647, "recording.duration_sec is too large")
            .optional(),
          reason: z
            .string({ error: "recording.reason must be a string" })
            .max(500, "recording.reason must be at most 500 characters")
            .optional()
            .meta({ description: "Why a recording failed (recording.failed). Extension." }),
          size_bytes: z
            .number({ error: "recording.size_bytes must be a non-negative integer" })
            .int("recording.size_bytes must be a non-negative integer")
            .min(0, "recording.size_bytes must be a non-negative integer")
            .max(Number.MAX_SAFE_INTEGER, "recording.size_bytes is too large")
            .optional(),
        },
        { error: "recording must be an object" },
      )
      .optional(),
    qos: z
      .object(
        {
          kind: z.enum(QOS_KINDS, { error: `qos.kind must be one of ${QOS_KINDS.join(", ")}` }),
          value: z.number({ error: "qos.value must be a number" }),
        },
        { error: "qos must be an object" },
      )
      .optional(),
  })
  .superRefine((r, ctx) => {
    if (r.type.startsWith("participant.") && !r.participant) {
      ctx.addIssue({
        code: "custom",
        path: ["participant"],
        message: `${r.type} needs participant.identity`,
      });
    }
    if (r.type === "recording.completed" && !r.recording?.object_key) {
      ctx.addIssue({
        code: "custom",
        path: ["recording", "object_key"],
        message: "recording.completed needs recording.object_key",
      });
    }
    if (r.type === "qos.alert" && !r.qos) {
      ctx.addIssue({ code: "custom", path: ["qos"], message: "qos.alert needs qos.kind and qos.value" });
    }
  });
export type MediaReport = z.output<typeof mediaReportBody>;

/** The answer to every accepted report, a repeated id included. */
export const acceptedSchema = z.object({ accepted: z.literal(true) });
