import { z } from "zod";
import { mediaIntakeReceiptShape } from "@/lib/media/intake-receipt";

/**
 * LiveKit's WebhookEvent as JSON (protojson of livekit.WebhookEvent), for the document: the
 * endpoint verifies the raw body's hash and parses it with LiveKit's own WebhookReceiver, so this
 * schema describes, and the receiver decides.
 */
export const livekitWebhookBody = z
  .looseObject({
    event: z.string().meta({
      description:
        "`participant_joined`, `participant_left`, `participant_connection_aborted`, `room_finished`, `egress_started`, `egress_updated`, `egress_ended` are applied; the others change nothing.",
    }),
    id: z.string().meta({ description: "The event's unique id: a repeat of it changes nothing." }),
    createdAt: z.union([z.string(), z.number()]).optional().meta({ description: "Unix seconds." }),
    room: z.looseObject({ name: z.string().optional() }).optional(),
    participant: z.looseObject({ sid: z.string().optional(), identity: z.string().optional() }).optional(),
    egressInfo: z
      .looseObject({ egressId: z.string().optional(), roomName: z.string().optional() })
      .optional(),
  })
  .meta({ id: "LivekitWebhookEvent" });

export const livekitWebhookAnswer = z
  .object({
    accepted: z.literal(true),
    event: z.string().meta({ description: "The event's type, as LiveKit named it." }),
    ...mediaIntakeReceiptShape,
  })
  .meta({ id: "LivekitWebhookAccepted" });
