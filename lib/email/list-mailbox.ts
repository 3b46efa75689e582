import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { emails, invitations, rooms } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { CAPPED_KIND } from "@/lib/email/cap";
import { unsealBody } from "@/lib/email/seal";
import { afterCursor, containsPattern, countSelectionUpTo, newestFirst, toPage } from "@/lib/pagination";

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

/** Who reads the mailbox: a member of an org, signed in with an address. */
export interface MailboxReader {
  orgId: string;
  /** The reader's own address: emails to it are theirs whichever org (or none) sent them. */
  email?: string;
  /** Org invitations of the org (they carry a link that joins it with a role): `members:manage`. */
  includeAccount?: boolean;
}

/**
 * Which emails a reader may see (docs/decisions/1010): the org's room invitations, the org's
 * account emails for members who may invite (`members:manage`), and every email addressed to the
 * reader (sign-up, password reset, invitations from any org), which are stored with no org or
 * another org's.
 */
function visibleTo(reader: MailboxReader): SQL | undefined {
  const org = and(
    eq(emails.orgId, reader.orgId),
    reader.includeAccount ? undefined : eq(emails.kind, CAPPED_KIND),
  );
  return reader.email ? or(org, eq(emails.to, reader.email)) : org;
}

/**
 * Whether the reader sees the email's link: its addressee, and for an org invitation the members
 * who may invite (they can make such a link themselves). Others see the copy without it.
 */
function opensSealed(reader: MailboxReader, row: { to: string; orgId: string | null }): boolean {
  return row.to === reader.email || (reader.includeAccount === true && row.orgId === reader.orgId);
}

/** The reader's emails, newest first: the console's Mailbox (local deliveries and the Resend log). */
export async function listMailbox(
  db: DbOrTx,
  reader: MailboxReader,
  opts: { limit?: number; roomId?: string } = {},
): Promise<MailboxEntry[]> {
  return (
    db
      .select(entryColumns)
      .from(emails)
      .leftJoin(invitations, eq(invitations.id, emails.invitationId))
      .leftJoin(rooms, eq(rooms.id, invitations.roomId))
      // emails_org_created_idx, and emails_to_created_idx for the reader's own address.
      .where(and(visibleTo(reader), opts.roomId ? eq(invitations.roomId, opts.roomId) : undefined))
      .orderBy(desc(emails.createdAt), desc(emails.id))
      .limit(opts.limit ?? 100)
  );
}

/** What the console's Mailbox filters by (issue 49): a part of the subject or the address, any case. */
function mailboxFilters(reader: MailboxReader, q: string | undefined): (SQL | undefined)[] {
  const pattern = q ? containsPattern(q) : undefined;
  return [
    visibleTo(reader),
    pattern ? or(ilike(emails.subject, pattern), ilike(emails.to, pattern)) : undefined,
  ];
}

/**
 * The console's page of the mailbox (issue 49: paged, searchable and counted like every list): the
 * one keyset scheme (lib/pagination.ts) on emails_org_created_idx and emails_to_created_idx (the
 * org's emails or the reader's own, in the WHERE clause), with the capped count of every match.
 */
export async function listMailboxPage(
  db: DbOrTx,
  reader: MailboxReader,
  q: { limit: number; cursor?: string | undefined; q?: string | undefined },
): Promise<{ items: MailboxEntry[]; next_cursor: string | null; total: number }> {
  const filters = mailboxFilters(reader, q.q);
  const page = (cursor: string | undefined) =>
    db
      .select(entryColumns)
      .from(emails)
      .leftJoin(invitations, eq(invitations.id, emails.invitationId))
      .leftJoin(rooms, eq(rooms.id, invitations.roomId))
      .where(and(...filters, afterCursor(emails.createdAt, emails.id, cursor)))
      .orderBy(...newestFirst(emails.createdAt, emails.id))
      .limit(q.limit + 1);
  const [rows, total] = await Promise.all([
    // A hand-edited cursor starts over from the newest email.
    Promise.resolve()
      .then(() => page(q.cursor))
      .catch(() => page(undefined)),
    countSelectionUpTo(
      db,
      db
        .select({ one: sql`1` })
        .from(emails)
        .where(and(...filters)),
    ),
  ]);
  return { ...toPage(rows, q.limit, (r) => r), total };
}

export interface MailboxEmail extends MailboxEntry {
  html: string;
  text: string;
}

/** One email the reader may see, with its rendered parts (the link where they may open it); else null. */
export async function getMailboxEmail(
  db: DbOrTx,
  reader: MailboxReader,
  emailId: string,
): Promise<MailboxEmail | null> {
  const [row] = await db
    .select({
      ...entryColumns,
      html: emails.html,
      text: emails.text,
      orgId: emails.orgId,
      sealed: emails.sealedBody,
    })
    .from(emails)
    .leftJoin(invitations, eq(invitations.id, emails.invitationId))
    .leftJoin(rooms, eq(rooms.id, invitations.roomId))
    .where(and(eq(emails.id, emailId), visibleTo(reader)))
    .limit(1);
  if (!row) return null;
  const { orgId, sealed, ...email } = row;
  const body = opensSealed(reader, { to: row.to, orgId }) ? unsealBody(sealed) : null;
  return body ? { ...email, html: body.html, text: body.text } : email;
}

export interface AddresseeEmail {
  id: string;
  to: string;
  subject: string;
  state: string;
  createdAt: Date;
  /** The live link while it is kept (until sent through Resend, or until it expires); else null. */
  link: string | null;
  text: string;
}

/**
 * The newest emails to one address, links unsealed: the development mailbox (GET /dev/mailbox and
 * `npm run mailbox`, docs/email.md), for people who are not signed in.
 */
export async function listAddresseeMail(db: DbOrTx, to: string, limit: number): Promise<AddresseeEmail[]> {
  const rows = await db
    .select({
      id: emails.id,
      to: emails.to,
      subject: emails.subject,
      state: emails.state,
      createdAt: emails.createdAt,
      text: emails.text,
      sealed: emails.sealedBody,
    })
    .from(emails)
    // emails_to_created_idx
    .where(eq(emails.to, to))
    .orderBy(desc(emails.createdAt), desc(emails.id))
    .limit(limit);
  return rows.map(({ sealed, ...r }) => {
    const body = unsealBody(sealed);
    return { ...r, link: body?.link ?? null, text: body?.text ?? r.text };
  });
}
