import { invitations } from "@/db/schema";
import type { Db } from "@/lib/db";
import { enqueueEmails } from "@/lib/email/enqueue-emails";
import { ApiError, validationError } from "@/lib/http/errors";
import { type Member, personOf } from "@/lib/identity/load-member";
import { newId } from "@/lib/ids";
import type { InvitationResult, SendInvitationsInput } from "@/lib/invitations/invitation-schema";
import { normaliseRecipients } from "@/lib/invitations/recipients";
import { renderInvitationEmail } from "@/lib/invitations/render-invitation-email";
import { shareLink } from "@/lib/invitations/share-link";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { findRoom } from "@/lib/rooms/find-room";

/**
 * Endpoint 13: one invitation, one email per valid recipient, queued with its release time in the
 * same transaction; they are dispatched to the background jobs when it commits.
 */
export async function sendInvitations(
  db: Db,
  inviter: Pick<Member, "orgId" | "userId" | "email" | "displayName" | "key">,
  input: SendInvitationsInput,
  now: Date = new Date(),
): Promise<InvitationResult> {
  const { valid, rejected } = normaliseRecipients(input.recipients);
  if (valid.length === 0) {
    throw validationError(
      rejected.map((r) => ({ path: "recipients", message: `not a valid email address: ${r}` })),
      "No recipient is a valid email address; nothing was queued.",
    );
  }
  const note = input.note?.trim() ? input.note : null;
  const { invitationId, queued } = await transactionWithJobs(db, async (tx) => {
    const room = await findRoom(tx, input.room_id, { orgId: inviter.orgId });
    if (!room) throw new ApiError("not_found", "No such room in this organisation.");
    if (room.state === "ended") throw new ApiError("room_ended", "This room has ended; nobody can join it.");
    const invitationId = newId("invitation");
    await tx.insert(invitations).values({
      id: invitationId,
      orgId: inviter.orgId,
      roomId: room.id,
      invitedBy: personOf(inviter),
      note,
    });
    const email = renderInvitationEmail({
      room: { name: room.name, type: room.type },
      inviter: { name: inviter.displayName, email: inviter.email },
      shareLink: shareLink(room.shortCode),
      note,
    });
    const drafts = valid.map((to) => ({ ...email, to, invitationId }));
    return { invitationId, queued: await enqueueEmails(tx, inviter.orgId, drafts, now) };
  });
  return {
    queued: queued.length,
    rejected,
    invitation_id: invitationId,
    recipients: queued.map((q) => ({ email: q.to, release_at: q.releaseAt.toISOString() })),
  };
}
