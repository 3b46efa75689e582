import { z } from "zod";
import { STREAM_STATES } from "@/db/enums";
import { STREAM_FILE } from "@/lib/streams/stream-object";
import { prefixedId } from "@/lib/wire";

/**
 * What a streamer agent and the service say to each other (issue 45, docs/streaming.md): the
 * state of one stream, upload links for its HLS files, and the agent's reports.
 */

export const agentStreamSchema = z
  .object({
    id: prefixedId("str_"),
    room_id: prefixedId("rm_"),
    state: z.enum(STREAM_STATES),
    over: z.boolean().meta({ description: "Stopped, its room ended, or failed: stop sending and finish." }),
  })
  .meta({ id: "AgentStream" });
export type AgentStreamDto = z.output<typeof agentStreamSchema>;

export const streamUploadBody = z
  .object({
    files: z
      .array(
        z.object({
          name: z
            .string({ error: "files[].name is required" })
            .regex(STREAM_FILE, "files[].name must be <name>.m3u8|m4s|mp4|ts|aac (letters, digits, - and _)"),
          size_bytes: z
            .number({ error: "files[].size_bytes must be a positive integer" })
            .int("files[].size_bytes must be a positive integer")
            .min(1, "files[].size_bytes must be a positive integer")
            .max(64 * 1024 * 1024, "files[].size_bytes is too large for a segment (64 MiB)"),
        }),
        { error: "files must be an array of { name, size_bytes }" },
      )
      .min(1, "files must list 1 to 16 files")
      .max(16, "files must list 1 to 16 files"),
  })
  .meta({ id: "StreamUploadRequest" });
export type StreamUploadRequest = z.output<typeof streamUploadBody>;

export const STREAMER_REPORT_TYPES = ["stream.started", "stream.ended", "stream.failed"] as const;

export const streamerReportBody = z
  .object({
    type: z.enum(STREAMER_REPORT_TYPES, { error: `type must be one of ${STREAMER_REPORT_TYPES.join(", ")}` }),
    stream_id: z
      .string({ error: "stream_id is required" })
      .regex(/^str_[A-Za-z0-9]{16,64}$/, "stream_id must be a stream id (str_…)"),
    output: z
      .number({ error: "output must be the index of the output that failed" })
      .int("output must be an integer")
      .min(0, "output must be 0 or more")
      .max(15, "output must be at most 15")
      .optional(),
    reason: z.string().min(1).max(500, "reason must be at most 500 characters").optional(),
  })
  .superRefine((r, ctx) => {
    if (r.type === "stream.failed" && (r.output === undefined || !r.reason)) {
      ctx.addIssue({ code: "custom", path: ["output"], message: "stream.failed needs output and reason" });
    }
  })
  .meta({ id: "StreamerReport" });
export type StreamerReport = z.output<typeof streamerReportBody>;
