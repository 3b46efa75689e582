import { z } from "zod";
import { KNOCK_STATES } from "@/db/enums";
import { prefixedId, timestamp } from "@/lib/wire";

/** A guest in a room's waiting list (docs/decisions/1350). */
export const waitingGuestSchema = z
  .object({
    id: prefixedId("knk_"),
    display_name: z.string().meta({ description: "The name the guest typed on the join page." }),
    knocked_at: timestamp,
  })
  .meta({ id: "WaitingGuest" });
export type WaitingGuestDto = z.output<typeof waitingGuestSchema>;

/** GET and PATCH /v1/workspace/rooms/{roomId}/admission. */
export const roomAdmissionSchema = z
  .object({
    link_locked: z.boolean().meta({
      description:
        "The share link admits nobody new (403 `room_locked`); people in the room and tokens already issued are untouched.",
    }),
    waiting_room: z.boolean().meta({
      description: "Share-link guests knock and wait until a member admits or denies them.",
    }),
    waiting: z.array(waitingGuestSchema).meta({
      description:
        "Guests knocking now (their page still asking), oldest first, at most 50. Shown whatever `waiting_room` says: turning it off lets nobody in by itself.",
    }),
  })
  .meta({ id: "RoomAdmission" });
export type RoomAdmissionDto = z.output<typeof roomAdmissionSchema>;

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` }).optional();

export const updateRoomAdmissionBody = z
  .object({ link_locked: flag("link_locked"), waiting_room: flag("waiting_room") })
  .refine((b) => b.link_locked !== undefined || b.waiting_room !== undefined, {
    message: "send link_locked, waiting_room or both",
    path: ["link_locked"],
  });
export type UpdateRoomAdmissionInput = z.output<typeof updateRoomAdmissionBody>;

/** POST …/knocks/{knockId}/admit and …/deny: the knock as decided. */
export const knockDecisionSchema = z
  .object({
    id: prefixedId("knk_"),
    display_name: z.string(),
    state: z.enum(KNOCK_STATES),
    decided_at: timestamp,
  })
  .meta({ id: "KnockDecision" });
export type KnockDecisionDto = z.output<typeof knockDecisionSchema>;
