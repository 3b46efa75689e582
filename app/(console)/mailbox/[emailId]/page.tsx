import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { can } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { getMailboxEmail } from "@/lib/email/list-mailbox";
import { env } from "@/lib/env";
import { hasPrefix } from "@/lib/ids";

export const metadata: Metadata = { title: "Email" };

const utc = (d: Date) => `${d.toLocaleString("en-GB", { timeZone: "UTC" })} UTC`;

/** One email as its recipient sees it: the HTML in a sandboxed frame (no scripts, no same-origin). */
export default async function MailboxEmailPage({ params }: { params: Promise<{ emailId: string }> }) {
  const member = await requireConsoleMember();
  const { emailId } = await params;
  if (!can(member.role, "mailbox:read") || !hasPrefix("email", emailId)) notFound();
  const email = await getMailboxEmail(await getDb(), member.orgId, emailId);
  if (!email) notFound();
  return (
    <>
      <div className="page-head">
        <div>
          <p className="muted" style={{ margin: 0 }}>
            <Link href="/mailbox">Mailbox</Link> / {email.to}
          </p>
          <h1 data-testid="email-subject">{email.subject}</h1>
        </div>
      </div>
      <div className="card" style={{ marginBottom: 16 }}>
        <dl style={{ display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px", margin: 0 }}>
          <dt className="muted">From</dt>
          <dd style={{ margin: 0 }}>{env.SVC_EMAIL_FROM}</dd>
          <dt className="muted">To</dt>
          <dd style={{ margin: 0 }}>{email.to}</dd>
          <dt className="muted">State</dt>
          <dd style={{ margin: 0 }}>
            <span className={`badge ${email.state}`}>{email.state}</span>{" "}
            {email.transport ? <span className="muted">via {email.transport}</span> : null}
            {email.error ? <div className="error">{email.error}</div> : null}
          </dd>
          <dt className="muted">{email.sentAt ? "Sent" : "Goes out"}</dt>
          <dd style={{ margin: 0 }}>{utc(email.sentAt ?? email.releaseAt)}</dd>
          <dt className="muted">Attempts</dt>
          <dd style={{ margin: 0 }}>{email.attempts}</dd>
        </dl>
      </div>
      <iframe
        title={`Email to ${email.to}`}
        srcDoc={email.html}
        sandbox=""
        data-testid="email-frame"
        style={{
          width: "100%",
          height: 560,
          border: "1px solid var(--border)",
          borderRadius: 10,
          background: "#fff",
        }}
      />
      <h2 style={{ marginTop: 24 }}>Text part</h2>
      <pre className="card mono" style={{ whiteSpace: "pre-wrap", margin: 0 }}>
        {email.text}
      </pre>
    </>
  );
}
