import { z } from "zod";

import { MAX_NOTE_LENGTH, MAX_RECIPIENTS } from "@/lib/invitations/invitation-limits";

export { MAX_NOTE_LENGTH, MAX_RECIPIENTS } from "@/lib/invitations/invitation-limits";

export const sendInvitationsBody = z.object({
  room_id: z
    .string({ error: "room_id is required (a room id or its short code)" })
    .trim()
    .min(1, "room_id is required (a room id or its short code)")
    .max(64, "room_id is not a room id or short code"),
  recipients: z
    .array(z.string({ error: "each recipient must be a string" }), {
      error: "recipients must be an array of email addresses",
    })
    .min(1, `recipients needs 1 to ${MAX_RECIPIENTS} addresses`)
    .max(MAX_RECIPIENTS, `recipients takes at most ${MAX_RECIPIENTS} addresses per request`),
  note: z
    .string({ error: "note must be a string" })
    .max(MAX_NOTE_LENGTH, `note must be at most ${MAX_NOTE_LENGTH} characters`)
    .nullish(),
});
export type SendInvitationsInput = z.output<typeof sendInvitationsBody>;
