import { z } from "zod";
import { RECORDING_STATES } from "@/db/enums";
import { UPLOADABLE_FILE } from "@/lib/recordings/recording-object";
import { prefixedId, timestamp } from "@/lib/wire";

/**
 * What a recording agent and the service say to each other (docs/decisions/1082): the state of one
 * recording, an upload link for its file, and the agent's reports.
 */

export const agentRecordingSchema = z
  .object({
    id: prefixedId("rec_"),
    room_id: prefixedId("rm_"),
    state: z.enum(RECORDING_STATES),
    stopped: z.boolean().meta({ description: "A stop was asked for, or the room ended: finish the file." }),
    ready: z.boolean().meta({ description: "The HLS rendition is stored (`recording.ready` was accepted)." }),
    object_key: z
      .string()
      .meta({ description: "Where the MP4 goes (the service derives it; docs/decisions/1245)." }),
    content_type: z.string(),
  })
  .meta({ id: "AgentRecording" });
export type AgentRecordingDto = z.output<typeof agentRecordingSchema>;

export const uploadRequestBody = z
  .object({
    files: z
      .array(
        z.object({
          name: z
            .string({ error: "files[].name is required" })
            .regex(
              UPLOADABLE_FILE,
              "files[].name must be recording.mp4 or hls/<name>.m3u8|m4s|mp4|ts|aac (letters, digits, - and _)",
            ),
          size_bytes: z
            .number({ error: "files[].size_bytes must be a positive integer" })
            .int("files[].size_bytes must be a positive integer")
            .min(1, "files[].size_bytes must be a positive integer")
            .max(Number.MAX_SAFE_INTEGER, "files[].size_bytes is too large"),
        }),
        { error: "files must be an array of { name, size_bytes }" },
      )
      .min(1, "files must list 1 to 16 files")
      .max(16, "files must list 1 to 16 files")
      .refine((f) => new Set(f.map((x) => x.name)).size === f.length, "files must not repeat a name"),
  })
  .meta({ id: "RecordingUploadRequest" });
export type UploadRequest = z.output<typeof uploadRequestBody>;

export const uploadLinkSchema = z
  .object({
    uploads: z.array(
      z.object({
        name: z.string(),
        upload_url: z.string().meta({
          description:
            "A presigned PUT for `object_key` only, of exactly `size_bytes` (Content-Length is signed).",
        }),
        object_key: z.string(),
        content_type: z.string(),
        size_bytes: z.number().int(),
      }),
    ),
    expires_at: timestamp,
  })
  .meta({ id: "RecordingUploadLinks" });
export type UploadLinkDto = z.output<typeof uploadLinkSchema>;

export const AGENT_REPORT_TYPES = [
  "recording.started",
  "recording.completed",
  "recording.failed",
  "recording.ready",
] as const;

const count = (field: string) =>
  z
    .number({ error: `${field} must be a non-negative integer` })
    .int(`${field} must be a non-negative integer`)
    .min(0, `${field} must be a non-negative integer`)
    .max(Number.MAX_SAFE_INTEGER, `${field} is too large`);

export const agentReportBody = z
  .object({
    id: z
      .string({ error: "id is required (the agent's id of the report, for dedupe)" })
      .min(1, "id must be 1 to 200 characters")
      .max(200, "id must be 1 to 200 characters"),
    type: z.enum(AGENT_REPORT_TYPES, { error: `type must be one of ${AGENT_REPORT_TYPES.join(", ")}` }),
    recording_id: z
      .string({ error: "recording_id is required" })
      .regex(/^rec_[A-Za-z0-9]{16,64}$/, "recording_id must be a recording id (rec_…)"),
    occurred_at: z.iso
      .datetime({ offset: true, error: "occurred_at must be an ISO 8601 timestamp" })
      .transform((v) => new Date(v))
      .optional(),
    duration_sec: count("duration_sec").optional(),
    size_bytes: count("size_bytes").optional(),
    reason: z.string().min(1).max(500, "reason must be at most 500 characters").optional(),
  })
  .superRefine((r, ctx) => {
    if (r.type === "recording.completed" && (r.duration_sec === undefined || r.size_bytes === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["size_bytes"],
        message: "recording.completed needs duration_sec and size_bytes",
      });
    }
    if (r.type === "recording.failed" && !r.reason) {
      ctx.addIssue({ code: "custom", path: ["reason"], message: "recording.failed needs a reason" });
    }
  });
export type AgentReport = z.output<typeof agentReportBody>;
