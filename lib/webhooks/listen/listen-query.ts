import { z } from "zod";
import { DELIVERY_EVENT_TYPES } from "@/lib/webhooks/event-catalog";

/** `?events=room.created,room.ended`: a comma-separated subset of the catalog; absent: every type. */
export const listenQuery = z.object({
  events: z
    .string()
    .max(1000)
    .optional()
    .transform((value, ctx) => {
      if (!value) return null;
      const names = [
        ...new Set(
          value
            .split(",")
            .map((n) => n.trim())
            .filter(Boolean),
        ),
      ];
      const unknown = names.filter((n) => !(DELIVERY_EVENT_TYPES as readonly string[]).includes(n));
      if (unknown.length > 0 || names.length === 0) {
        ctx.addIssue({
          code: "custom",
          message: `Unknown event type(s): ${unknown.join(", ") || "(none given)"}. Known: ${DELIVERY_EVENT_TYPES.join(", ")}.`,
        });
        return z.NEVER;
      }
      return names as (typeof DELIVERY_EVENT_TYPES)[number][];
    }),
});
