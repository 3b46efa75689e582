import { z } from "zod";
import { ROOM_ROLES } from "@/lib/tokens/capabilities";
import { roomTokenSchema } from "@/lib/tokens/room-token-schema";

/** Body of POST /v1/join/{shortCode}/token (docs/decisions/1030-what-a-share-link-grants.md). */
export const guestTokenBody = z.object({
  displayName: z
    .string({ error: "displayName is required (1 to 80 characters)" })
    .transform((v) => v.trim())
    .pipe(
      z
        .string()
        .min(1, "displayName must be 1 to 80 characters")
        .max(80, "displayName must be 1 to 80 characters")
        // Control characters would end up in other people's tiles and in logs.
        // biome-ignore lint/suspicious/noControlCharactersInRegex: the check is about control characters.
        .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), "displayName must not contain control characters"),
    ),
});
export type GuestTokenInput = z.output<typeof guestTokenBody>;

/** The room-token answer (with its `media` credential) and what the page needs to act on it. */
export const guestTokenSchema = roomTokenSchema
  .extend({
    identity: z
      .string()
      .meta({ description: "The guest's participant identity (`guest_…`), made by the service." }),
    role: z
      .enum(ROOM_ROLES)
      .meta({ description: "publisher in meeting and 1to1 rooms, viewer in webinar and live rooms" }),
  })
  .meta({ id: "GuestToken" });
export type GuestToken = z.output<typeof guestTokenSchema>;
