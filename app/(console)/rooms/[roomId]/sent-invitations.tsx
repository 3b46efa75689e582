import Link from "next/link";
import { DataTable } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { IconMail } from "@/app/_components/icons";
import { EmailStateBadge, EmailTime } from "@/app/(console)/mailbox/email-state-badge";
import type { listMailbox } from "@/lib/email/list-mailbox";

/** The room page's invitation emails, each with its delivery state (split out of page.tsx). */
export function SentInvitations({
  sent,
  now,
}: {
  sent: Awaited<ReturnType<typeof listMailbox>>;
  now: number;
}) {
  return (
    <section aria-labelledby="sent-heading">
      <div className="section-head">
        <h2 id="sent-heading">Invitation emails</h2>
        <Link href="/mailbox" className="muted-link">
          Mailbox
        </Link>
      </div>
      {sent.length === 0 ? (
        <EmptyState icon={<IconMail />} title="No invitations yet">
          Invitations sent from this page appear here with their delivery state.
        </EmptyState>
      ) : (
        <DataTable
          label="Invitation emails"
          rows={sent}
          rowKey={(e) => e.id}
          rowAttributes={() => ({ "data-testid": "invitation-row" })}
          columns={[
            {
              header: "To",
              primary: true,
              cell: (e) => (
                <>
                  <div className="cell-main">
                    <Link href={`/mailbox/${e.id}`}>{e.to}</Link>
                  </div>
                  {e.state === "failed" && e.error ? <div className="error">{e.error}</div> : null}
                </>
              ),
            },
            {
              header: "State",
              cell: (e) => <EmailStateBadge state={e.state} title={e.error ?? undefined} />,
            },
            { header: "Sent", className: "muted", cell: (e) => <EmailTime email={e} now={now} /> },
            { header: "Attempts", className: "muted", cell: (e) => e.attempts },
          ]}
        />
      )}
    </section>
  );
}
