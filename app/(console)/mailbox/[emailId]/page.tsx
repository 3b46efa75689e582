import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DetailHead } from "@/app/_components/detail-head";
import { formatAbsolute } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { notFoundOrSwitch } from "@/app/_lib/not-found-or-switch";
import { EmailStateBadge } from "@/app/(console)/mailbox/email-state-badge";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { getMailboxEmail } from "@/lib/email/list-mailbox";
import { env } from "@/lib/env";
import { hasPrefix } from "@/lib/ids";

/** The email's subject and recipient in the tab, not "Email" (issue 38: specific page titles). */
export async function generateMetadata({
  params,
}: {
  params: Promise<{ emailId: string }>;
}): Promise<Metadata> {
  const member = await requireConsoleMember();
  const { emailId } = await params;
  const email =
    can(member.role, "mailbox:read") && hasPrefix("email", emailId)
      ? await getMailboxEmail(
          await getDb(),
          { orgId: member.orgId, email: member.email, includeAccount: can(member.role, "members:manage") },
          emailId,
        )
      : undefined;
  return { title: email ? `${email.subject} to ${email.to} · Mailbox` : "Email not found" };
}

/** One email as its recipient sees it: the HTML in a sandboxed frame (no scripts, no same-origin). */
export default async function MailboxEmailPage({ params }: { params: Promise<{ emailId: string }> }) {
  const member = await requireConsoleMember();
  const { emailId } = await params;
  if (!can(member.role, "mailbox:read") || !hasPrefix("email", emailId)) notFound();
  const email = await getMailboxEmail(
    await getDb(),
    { orgId: member.orgId, email: member.email, includeAccount: can(member.role, "members:manage") },
    emailId,
  );
  if (!email) return notFoundOrSwitch(member, emailId, `/mailbox/${emailId}`);
  return (
    <>
      <DetailHead
        parent={{ href: "/mailbox", label: "Mailbox" }}
        crumb={email.to}
        title={<h1 data-testid="email-subject">{email.subject}</h1>}
        sub={
          <p>
            To {email.to} {email.roomName ? `· ${email.roomName}` : ""}
          </p>
        }
      />
      <div className="card" style={{ marginBottom: 16 }}>
        <dl className="details wide">
          <dt>From</dt>
          <dd>{env.SVC_EMAIL_FROM}</dd>
          <dt>To</dt>
          <dd>{email.to}</dd>
          <dt>State</dt>
          <dd>
            <EmailStateBadge state={email.state} />{" "}
            {email.transport ? (
              <span className="muted">
                via {email.transport === "mailbox" ? "the local mailbox" : "Resend"}
              </span>
            ) : null}
            {email.error ? <div className="error">{email.error}</div> : null}
          </dd>
          <dt>{email.sentAt ? "Sent" : "Goes out"}</dt>
          <dd>{formatAbsolute((email.sentAt ?? email.releaseAt).toISOString())}</dd>
          <dt>Attempts</dt>
          <dd>{email.attempts}</dd>
        </dl>
      </div>
      <iframe
        title={`Email to ${email.to}`}
        srcDoc={email.html}
        sandbox=""
        data-testid="email-frame"
        className="email-frame"
      />
      <details className="card" style={{ marginTop: 16 }}>
        <summary>Plain-text part</summary>
        <pre className="mono" style={{ whiteSpace: "pre-wrap", margin: "12px 0 0" }}>
          {email.text}
        </pre>
      </details>
    </>
  );
}
