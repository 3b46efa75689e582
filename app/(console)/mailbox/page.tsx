import type { Metadata } from "next";
import Link from "next/link";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { listMailbox } from "@/lib/email/list-mailbox";
import { activeTransport } from "@/lib/email/transport";

export const metadata: Metadata = { title: "Mailbox" };

const utc = (d: Date) => `${d.toLocaleString("en-GB", { timeZone: "UTC" })} UTC`;

/** Every email the org sent or queued: the local mailbox on the embedded default, a send log with Resend. */
export default async function MailboxPage() {
  const member = await requireConsoleMember();
  if (!can(member.role, "mailbox:read")) {
    return <div className="card empty">Your role cannot read the mailbox.</div>;
  }
  const items = await listMailbox(await getDb(), member.orgId, { limit: 200 });
  const local = activeTransport() === "mailbox";
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Mailbox</h1>
          <p className="muted" style={{ margin: 0 }}>
            {local
              ? "No RESEND_API_KEY is set, so emails are delivered here instead of to real inboxes."
              : "Emails go out through Resend; this is their log."}{" "}
            At most 200 are sent per hour; the rest wait and are released evenly.
          </p>
        </div>
      </div>
      {items.length === 0 ? (
        <div className="card empty">No emails yet. Invite someone from a room's page.</div>
      ) : (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>To</th>
                <th>Subject</th>
                <th>Room</th>
                <th>State</th>
                <th>Delivered via</th>
                <th>Time</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id} data-testid="mailbox-row">
                  <td>{e.to}</td>
                  <td>
                    <Link href={`/mailbox/${e.id}`}>{e.subject}</Link>
                  </td>
                  <td className="muted">{e.roomName ?? "—"}</td>
                  <td>
                    <span className={`badge ${e.state}`} title={e.error ?? undefined}>
                      {e.state}
                    </span>
                  </td>
                  <td className="muted">{e.transport ?? "—"}</td>
                  <td className="muted">
                    {e.state === "queued" ? "goes out " : ""}
                    {utc(e.sentAt ?? e.releaseAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
