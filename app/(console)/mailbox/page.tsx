import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, MainCell } from "@/app/_components/data-table";
import { EmptyState, NotForYourRole } from "@/app/_components/empty-state";
import { hrefWith } from "@/app/_components/filter-tabs";
import { IconInbox, IconLock } from "@/app/_components/icons";
import { PagedFoot } from "@/app/_components/list-count";
import { ScopeNote } from "@/app/_components/scope-note";
import { SearchForm } from "@/app/_components/search-form";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { EmailStateBadge, EmailTime } from "@/app/(console)/mailbox/email-state-badge";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { listMailboxPage } from "@/lib/email/list-mailbox";
import { activeTransport } from "@/lib/email/transport";

export const metadata: Metadata = { title: "Mailbox" };

/** Emails per page (issue 49: paged, searchable and counted like every list). */
const PAGE_SIZE = 25;

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Every email the org sent or queued, and those addressed to the member: the local mailbox on the
 * embedded default, a send log with Resend.
 */
export default async function MailboxPage({ searchParams }: { searchParams: SearchParams }) {
  const member = await requireConsoleMember();
  if (!can(member.role, "mailbox:read")) {
    return (
      <NotForYourRole title="Mailbox" icon={<IconLock />}>
        Ask an Owner or Admin (Members page) to change your role if you need to read sent emails.
      </NotForYourRole>
    );
  }
  // The org's emails, and every email addressed to this member (sign-up, password reset,
  // invitations from any org), whose links they may follow (docs/decisions/1010).
  const sp = await searchParams;
  const q = typeof sp.q === "string" && sp.q.trim() ? sp.q.trim().slice(0, 200) : undefined;
  const cursor = typeof sp.cursor === "string" && sp.cursor ? sp.cursor : undefined;
  const page = await listMailboxPage(
    await getDb(),
    { orgId: member.orgId, email: member.email, includeAccount: can(member.role, "members:manage") },
    { limit: PAGE_SIZE, cursor, q },
  );
  const items = page.items;
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
      <div className="toolbar">
        <SearchForm
          path="/mailbox"
          label="Search emails"
          testId="mailbox-search"
          fields={[{ name: "q", label: "Subject or address", value: q, placeholder: "ada@example.com" }]}
        />
        {q ? (
          <Link href="/mailbox" className="btn ghost">
            Clear search
          </Link>
        ) : null}
      </div>
      {items.length === 0 && q ? (
        <EmptyState icon={<IconInbox />} title="No email matches this search">
          No subject or address contains “{q}”.
        </EmptyState>
      ) : items.length === 0 ? (
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
          foot={
            <PagedFoot
              shown={items.length}
              total={page.total}
              one="email"
              many="emails"
              testId="mailbox-count"
              pageSize={PAGE_SIZE}
              firstHref={cursor ? hrefWith("/mailbox", { q }) : undefined}
              nextHref={page.next_cursor ? hrefWith("/mailbox", { q, cursor: page.next_cursor }) : undefined}
            />
          }
        />
      )}
    </>
  );
}
