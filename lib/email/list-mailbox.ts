import { and, desc, eq } from "drizzle-orm";
import { emails, invitations, rooms } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { CAPPED_KIND } from "@/lib/email/cap";

export interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  state: string;
  transport: string | null;
  releaseAt: Date;
  sentAt: Date | null;
  attempts: number;
  error: string | null;
  createdAt: Date;
  roomName: string | null;
}

const entryColumns = {
  id: emails.id,
  to: emails.to,
  subject: emails.subject,
  state: emails.state,
  transport: emails.transport,
  releaseAt: emails.releaseAt,
  sentAt: emails.sentAt,
  attempts: emails.attempts,
  error: emails.error,
  createdAt: emails.createdAt,
  roomName: rooms.name,
};

/**
 * Which emails a reader may see: the org's, and account emails (org invitations) only for members
 * who may invite (`members:manage`), since they carry a link that joins the org with a role.
 */
function visibleTo(orgId: string, includeAccount: boolean | undefined) {
  return and(eq(emails.orgId, orgId), includeAccount ? undefined : eq(emails.kind, CAPPED_KIND));
}

/** The org's emails, newest first: the console's Mailbox (local deliveries and the Resend log). */
export async function listMailbox(
  db: DbOrTx,
  orgId: string,
  opts: { limit?: number; roomId?: string; includeAccount?: boolean } = {},
): Promise<MailboxEntry[]> {
  return db
    .select(entryColumns)
    .from(emails)
    .leftJoin(invitations, eq(invitations.id, emails.invitationId))
    .leftJoin(rooms, eq(rooms.id, invitations.roomId))
    .where(
      and(
        visibleTo(orgId, opts.includeAccount),
        opts.roomId ? eq(invitations.roomId, opts.roomId) : undefined,
      ),
    )
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(opts.limit ?? 100);
}

export interface MailboxEmail extends MailboxEntry {
  html: string;
  text: string;
}

/** One email of the org, with its rendered parts; null outside the org. */
export async function getMailboxEmail(
  db: DbOrTx,
  orgId: string,
  emailId: string,
  opts: { includeAccount?: boolean } = {},
): Promise<MailboxEmail | null> {
  const [row] = await db
    .select({ ...entryColumns, html: emails.html, text: emails.text })
    .from(emails)
    .leftJoin(invitations, eq(invitations.id, emails.invitationId))
    .leftJoin(rooms, eq(rooms.id, invitations.roomId))
    .where(and(eq(emails.id, emailId), visibleTo(orgId, opts.includeAccount)))
    .limit(1);
  return row ?? null;
}
