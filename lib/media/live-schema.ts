import { z } from "zod";
import { ROOM_ACTIVITY_TYPES } from "@/db/enums";
import { QOS_KINDS } from "@/lib/media/media-report-schema";
import { banSchema } from "@/lib/media/moderation/moderation-schema";
import { pageQuery } from "@/lib/pagination";
import { timestamp } from "@/lib/wire";

/**
 * The live room (issue 38, docs/console.md): who is in a room now, and the room's timeline. Both
 * come from what the media plane reports (docs/spec/product-decisions.md §7) and are read by GET rooms/:id/participants
 * and GET rooms/:id/timeline.
 */

export const presentParticipantSchema = z
  .object({
    identity: z.string(),
    display_name: z.string().nullable().meta({
      description:
        "The name the participant gave when joining through the room's share link; null for identities your server minted tokens for (docs/decisions/1305).",
    }),
    joined_at: timestamp,
  })
  .meta({ id: "PresentParticipant" });
export type PresentParticipantDto = z.output<typeof presentParticipantSchema>;

/** The room's creation (the room row itself) and what its activity rows record (db/enums.ts). */
export const TIMELINE_TYPES = ["room.created", ...ROOM_ACTIVITY_TYPES] as const;
export type TimelineType = (typeof TIMELINE_TYPES)[number];

export const timelineEntrySchema = z
  .object({
    id: z
      .string()
      .meta({ description: "Stable id of the entry (`ract_…`, or the room id for `room.created`)." }),
    type: z.enum(TIMELINE_TYPES),
    occurred_at: timestamp,
    identity: z.string().nullable().meta({ description: "The participant concerned, if one." }),
    display_name: z
      .string()
      .nullable()
      .meta({ description: "That participant's name from the share link, when they joined through it." }),
    recording_id: z.string().nullable(),
    qos: z.object({ kind: z.enum(QOS_KINDS), value: z.number() }).nullable(),
  })
  .meta({ id: "TimelineEntry" });
export type TimelineEntryDto = z.output<typeof timelineEntrySchema>;

/** `?limit=&cursor=` as every keyset list (lib/pagination.ts). */
export const liveListQuery = pageQuery;
export type LiveListQuery = z.output<typeof liveListQuery>;

/** DELETE rooms/:id/participants/:identity: whom, and how many of their connections were removed. */
export const removedParticipantSchema = z
  .object({
    identity: z.string(),
    removed: z.number().int().min(0).meta({
      description:
        "Connections of this identity the media node removed: 0 when it was not in the room (removing is idempotent).",
    }),
    ban: banSchema.optional().meta({
      description:
        "The ban recorded with the removal, when `ban` or `ban_seconds` asked for one (docs/moderation.md).",
    }),
  })
  .meta({ id: "RemovedParticipant" });
export type RemovedParticipantDto = z.output<typeof removedParticipantSchema>;
