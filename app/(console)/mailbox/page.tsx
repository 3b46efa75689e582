import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/app/_components/empty-state";
import { IconInbox, IconLock } from "@/app/_components/icons";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { EmailStateBadge } from "@/app/(console)/mailbox/email-state-badge";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { listMailbox } from "@/lib/email/list-mailbox";
import { activeTransport } from "@/lib/email/transport";

export const metadata: Metadata = { title: "Mailbox" };

/** Every email the org sent or queued: the local mailbox on the embedded default, a send log with Resend. */
export default async function MailboxPage() {
  const member = await requireConsoleMember();
  if (!can(member.role, "mailbox:read")) {
    return (
      <EmptyState icon={<IconLock />} title="The mailbox is not available to your role">
        Ask an Owner or Admin (Members page) to change your role if you need to read sent emails.
      </EmptyState>
    );
  }
  const items = await listMailbox(await getDb(), member.orgId, {
    limit: 200,
    includeAccount: can(member.role, "members:manage"),
  });
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
        </div>
      </div>
      {items.length === 0 ? (
        <EmptyState icon={<IconInbox />} title="No emails yet">
          Invite someone from a room&apos;s page and the email shows up here.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="responsive" aria-label="Emails">
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Room</th>
                <th scope="col">State</th>
                <th scope="col">Delivered via</th>
                <th scope="col">Time</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id} data-testid="mailbox-row">
                  <td className="primary">
                    <div className="cell-main">
                      <Link href={`/mailbox/${e.id}`}>{e.subject}</Link>
                    </div>
                    <div className="cell-sub">to {e.to}</div>
                  </td>
                  <td data-label="Room" className="muted">
                    {e.roomName ?? "—"}
                  </td>
                  <td data-label="State">
                    <EmailStateBadge state={e.state} title={e.error ?? undefined} />
                  </td>
                  <td data-label="Delivered via" className="muted">
                    {e.transport === "mailbox" ? "Local mailbox" : e.transport === "resend" ? "Resend" : "—"}
                  </td>
                  <td data-label="Time" className="muted">
                    {e.state === "queued" ? "goes out " : ""}
                    <Time iso={(e.sentAt ?? e.releaseAt).toISOString()} now={now} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="table-foot">
            <span>
              {items.length} {items.length === 1 ? "email" : "emails"}
            </span>
          </div>
        </div>
      )}
    </>
  );
}
