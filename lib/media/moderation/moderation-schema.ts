import { z } from "zod";
import { prefixedId, timestamp } from "@/lib/wire";

/** Moderation's request and answer shapes (docs/moderation.md; docs/decisions/1320–1324). */

const identity = z
  .string({ error: "identity must be a string of 1 to 128 characters" })
  .min(1, "identity must be 1 to 128 characters")
  .max(128, "identity must be 1 to 128 characters")
  .refine((v) => v.trim().length > 0, "identity must not be blank");

/** Body of POST /v1/workspace/rooms/:roomId/revocations. */
export const revocationBody = z
  .object({
    identity: identity.optional().meta({
      description: "Revoke this identity's room tokens for the room. Without it: everyone's.",
    }),
    issued_before: z.iso
      .datetime({ offset: true, error: "issued_before must be an ISO 8601 timestamp" })
      .optional()
      .meta({
        description:
          "Revoke the tokens minted before this time (not in the future). Default: now, so every token minted so far.",
      }),
  })
  .refine((b) => b.identity !== undefined || b.issued_before !== undefined, {
    message: "send identity, issued_before, or both",
    path: ["identity"],
  });
export type RevocationInput = z.output<typeof revocationBody>;

export const revocationSchema = z
  .object({
    id: prefixedId("rvk_"),
    room_id: prefixedId("rm_"),
    identity: z.string().nullable().meta({ description: "The identity revoked; null: every identity." }),
    issued_before: timestamp.meta({ description: "Room tokens minted before this admit nobody." }),
    created_at: timestamp,
    removed: z.number().int().meta({
      description:
        "Connections the room's media node removed now (those present on a revoked token). A node that did not answer is asked again by the service.",
    }),
  })
  .meta({ id: "RoomTokenRevocation" });
export type RevocationDto = z.output<typeof revocationSchema>;

export const banSchema = z
  .object({
    room_id: prefixedId("rm_"),
    identity: z.string(),
    until: timestamp.nullable().meta({ description: "When the ban ends; null: permanent." }),
    created_at: timestamp,
  })
  .meta({ id: "RoomBan" });

/** Query of DELETE rooms/:roomId/participants/:identity: the ban that goes with the removal. */
export const removalQuery = z.object({
  ban: z
    .enum(["true", "false"], { error: "ban must be true or false" })
    .optional()
    .meta({ description: "Also ban the identity from the room (permanent unless `ban_seconds`)." }),
  ban_seconds: z.coerce
    .number({ error: "ban_seconds must be an integer from 60 to 31536000" })
    .int("ban_seconds must be an integer from 60 to 31536000")
    .min(60, "ban_seconds must be an integer from 60 to 31536000")
    .max(31_536_000, "ban_seconds must be an integer from 60 to 31536000")
    .optional()
    .meta({ description: "A time-limited ban, in seconds (implies `ban=true`)." }),
});

/** Body of POST rooms/:roomId/participants/:identity/mute. */
export const muteBody = z
  .object({
    audio: z.boolean({ error: "audio must be true (mute) or false (unmute)" }).optional(),
    video: z.boolean({ error: "video must be true (mute) or false (unmute)" }).optional(),
  })
  .refine((b) => b.audio !== undefined || b.video !== undefined, {
    message: "send audio, video, or both (true mutes, false unmutes)",
    path: ["audio"],
  });
export type MuteInput = z.output<typeof muteBody>;

export const muteResultSchema = z
  .object({
    identity: z.string(),
    audio: z.boolean().optional().meta({ description: "Audio is now muted (true) or not (false)." }),
    video: z.boolean().optional().meta({ description: "Video is now muted (true) or not (false)." }),
    tracks: z.number().int().meta({ description: "Published tracks the media plane changed." }),
  })
  .meta({ id: "MuteResult" });

/** Body of PATCH rooms/:roomId/participants/:identity: a live role change. */
export const participantUpdateBody = z.object({
  role: z.enum(["publisher", "broadcaster", "viewer"], {
    error: "role must be publisher, broadcaster or viewer",
  }),
});

export const participantUpdatedSchema = z
  .object({ identity: z.string(), role: z.string(), connections: z.number().int() })
  .meta({ id: "ParticipantUpdated" });
