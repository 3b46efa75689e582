import { z } from "zod";
import { MAX_NOTE_LENGTH, MAX_RECIPIENTS } from "@/lib/invitations/invitation-limits";
import { prefixedId, timestamp } from "@/lib/wire";

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

/** The answer of POST /v1/workspace/meet/invitations; `InvitationResult` is inferred from it. */
export const invitationResultSchema = z
  .object({
    queued: z.number().int().meta({ description: "How many addresses were accepted." }),
    rejected: z.array(z.string()).meta({ description: "The invalid inputs, as given." }),
    invitation_id: prefixedId("inv_"),
    recipients: z
      .array(z.object({ email: z.string(), release_at: timestamp }))
      .meta({ description: "What was accepted, and when each email goes out under the hourly cap." }),
  })
  .meta({ id: "InvitationResult" });
export type InvitationResult = z.output<typeof invitationResultSchema>;
