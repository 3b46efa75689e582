import { z } from "zod";
import { QOS_KINDS } from "@/lib/media/media-report-schema";
import { prefixedId, timestamp } from "@/lib/wire";

/** The object of `participant.joined` and `participant.left` events: the participant as the room saw it. */
export const participantSchema = z
  .object({
    room_id: prefixedId("rm_"),
    identity: z.string(),
    joined_at: timestamp,
    left_at: timestamp.nullable(),
  })
  .meta({ id: "Participant" });
export type ParticipantDto = z.output<typeof participantSchema>;

/** The object of a `qos.alert` event: what the media plane measured, in which room, about whom. */
export const qosAlertSchema = z
  .object({
    room_id: prefixedId("rm_"),
    kind: z.enum(QOS_KINDS),
    value: z.number(),
    identity: z.string().nullable().meta({ description: "The participant concerned, if one." }),
    occurred_at: timestamp,
  })
  .meta({ id: "QosAlert" });
