import { z } from "zod";
import { KNOCK_STATES } from "@/db/enums";
import { guestTokenSchema } from "@/lib/share-link/guest-token-schema";
import { prefixedId } from "@/lib/wire";

/**
 * How long the guest's page waits before it asks again, at first and at most (docs/decisions/1350):
 * it backs off from the first to the last, so an admission reaches a waiting guest within
 * KNOCK_POLL_MAX_MS.
 */
export const KNOCK_POLL_FIRST_MS = 1000;
export const KNOCK_POLL_MAX_MS = 4000;

/** POST /v1/join/{shortCode}/token with the waiting room on: 202 and this, not a token. */
export const guestKnockSchema = z
  .object({
    knock_id: prefixedId("knk_"),
    knock_secret: z.string().meta({
      description:
        "Shown once: send it as `Authorization: Bearer <knock_secret>` to GET /v1/join/{shortCode}/knocks/{knock_id}.",
    }),
    state: z.literal("waiting"),
    poll_after_ms: z.number().int().meta({ description: "Ask again after this many milliseconds." }),
  })
  .meta({ id: "GuestKnock" });
export type GuestKnock = z.output<typeof guestKnockSchema>;

/** GET /v1/join/{shortCode}/knocks/{knockId}: still waiting, let in (with the token, once), or not. */
export const guestKnockStatusSchema = z
  .object({
    state: z.enum(KNOCK_STATES),
    poll_after_ms: z
      .number()
      .int()
      .nullable()
      .meta({ description: "While waiting: ask again after this many milliseconds; otherwise null." }),
    token: guestTokenSchema.nullable().meta({
      description:
        "The guest token, on the first answer after a member admitted the guest; null before and after.",
    }),
  })
  .meta({ id: "GuestKnockStatus" });
export type GuestKnockStatus = z.output<typeof guestKnockStatusSchema>;
