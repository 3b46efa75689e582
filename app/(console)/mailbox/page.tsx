import type { Metadata } from "next";
import Link from "next/link";
import { countOf, DataTable, MainCell } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { IconInbox, IconLock } from "@/app/_components/icons";
import { ScopeNote } from "@/app/_components/scope-note";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { EmailStateBadge, EmailTime } from "@/app/(console)/mailbox/email-state-badge";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { listMailbox } from "@/lib/email/list-mailbox";
import { activeTransport } from "@/lib/email/transport";

export const metadata: Metadata = { title: "Mailbox" };

/**
 * Every email the org sent or queued, and those addressed to the member: the local mailbox on the
 * embedded default, a send log with Resend.
 */
export default async function MailboxPage() {
  const member = await requireConsoleMember();
  if (!can(member.role, "mailbox:read")) {
    return (
      <EmptyState icon={<IconLock />} title="The mailbox is not available to your role">
        Ask an Owner or Admin (Members page) to change your role if you need to read sent emails.
      </EmptyState>
    );
  }
  // The org's emails, and every email addressed to this member (sign-up, password reset,
  // invitations from any org), whose links they may follow (docs/decisions/1010).
  const items = await listMailbox(
    await getDb(),
    { orgId: member.orgId, email: member.email, includeAccount: can(member.role, "members:manage") },
    { limit: 200 },
  );
  const local = activeTransport() === "mailbox";
  const now = Date.now();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Mailbox {local ? <span className="badge dev-badge">Development</span> : null}</h1>
          <p>
            {local
              ? "No RESEND_API_KEY is set, so emails land here instead of in real inboxes."
              : "Emails go out through Resend; this is their log."}{" "}
            At most 200 go out per hour; the rest wait and are released evenly.
          </p>
          <ScopeNote scope="org" />
        </div>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={<IconInbox />} title="No emails yet">
          Invite someone from a room&apos;s page and the email shows up here.
        </EmptyState>
      ) : (
        <DataTable
          label="Emails"
          rows={items}
          rowKey={(e) => e.id}
          rowAttributes={() => ({ "data-testid": "mailbox-row" })}
          columns={[
            {
              header: "Email",
              primary: true,
              cell: (e) => (
                <MainCell main={<Link href={`/mailbox/${e.id}`}>{e.subject}</Link>} sub={`to ${e.to}`} />
              ),
            },
            { header: "Room", className: "muted", cell: (e) => e.roomName ?? "—" },
            {
              header: "State",
              cell: (e) => <EmailStateBadge state={e.state} title={e.error ?? undefined} />,
            },
            {
              header: "Delivered via",
              className: "muted",
              cell: (e) =>
                e.transport === "mailbox" ? "Local mailbox" : e.transport === "resend" ? "Resend" : "—",
            },
            { header: "Time", className: "muted", cell: (e) => <EmailTime email={e} now={now} /> },
          ]}
          foot={<span>{countOf(items.length, "email", "emails")}</span>}
        />
      )}
    </>
  );
}
