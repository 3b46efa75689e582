import { z } from "zod";
import { pageQuery } from "@/lib/pagination";
import { page, prefixedId, timestamp } from "@/lib/wire";

/**
 * Room sessions (issue 44 item 2, docs/usage.md): one stretch of a room from its first join to its
 * last leave (docs/decisions/1311), and who was in it, when, and with what quality.
 */

const statObject = z
  .object({ p50: z.number(), p95: z.number() })
  .meta({ id: "QualityStat", description: "Median and 95th percentile of the samples." });
/** Null without samples. */
const stat = statObject.nullable();

export const qualitySummarySchema = z
  .object({
    samples: z.number().int().meta({ description: "Quality samples the media plane sent (0: none kept)." }),
    rtt_ms: stat,
    loss_percent: stat,
    video_kbps: stat.meta({
      description: "Video bitrate: what the participant sent, or received when subscribing (kbit/s).",
    }),
  })
  .meta({ id: "QualitySummary" });
export type QualitySummaryDto = z.output<typeof qualitySummarySchema>;

export const sessionSummarySchema = z
  .object({
    id: prefixedId("rses_"),
    room_id: prefixedId("rm_"),
    project_id: prefixedId("prj_"),
    started_at: timestamp,
    ended_at: timestamp.nullable().meta({ description: "Null while someone is in the room." }),
    duration_ms: z.number().int().meta({ description: "Until `ended_at`, or until now while it runs." }),
    peak_participants: z.number().int(),
    participant_count: z.number().int().meta({ description: "Distinct identities that joined." }),
  })
  .meta({ id: "RoomSession" });
export type SessionSummaryDto = z.output<typeof sessionSummarySchema>;

export const sessionParticipantSchema = z
  .object({
    identity: z.string(),
    display_name: z.string().nullable(),
    role: z
      .enum(["publisher", "viewer"])
      .nullable()
      .meta({ description: "What its credential let it do; null when it joined without a token of ours." }),
    joined_at: timestamp.meta({ description: "Its first join in this session." }),
    left_at: timestamp.nullable().meta({ description: "Its last leave; null while present." }),
    duration_ms: z.number().int().meta({ description: "Time present: the sum of its spans." }),
    token_to_join_ms: z.number().int().nullable().meta({
      description: "From minting the room token it joined with to its first join; null if unknown.",
    }),
    spans: z.array(z.object({ joined_at: timestamp, left_at: timestamp.nullable() })).meta({
      description: "Each join–leave span (a reconnect is a new span).",
    }),
    quality: qualitySummarySchema,
  })
  .meta({ id: "SessionParticipant" });
export type SessionParticipantDto = z.output<typeof sessionParticipantSchema>;

/** The most participants one answer lists (the rest are counted in `participant_count`). */
export const SESSION_PARTICIPANTS_MAX = 1_000;

export const sessionSchema = sessionSummarySchema
  .extend({
    quality: qualitySummarySchema,
    participants: z.array(sessionParticipantSchema).meta({
      description: `In order of first join; at most ${SESSION_PARTICIPANTS_MAX}.`,
    }),
  })
  .meta({ id: "RoomSessionDetail" });
export type SessionDto = z.output<typeof sessionSchema>;

export const sessionListQuery = pageQuery;
export type SessionListQuery = z.output<typeof sessionListQuery>;
export const sessionPage = page(sessionSummarySchema);
