import type { Metadata } from "next";
import Link from "next/link";
import { EmptyState } from "@/app/_components/empty-state";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { listAuditLog, listAuditLogQuery } from "@/lib/audit/list-audit-log";
import { AUDIT_ACTIONS } from "@/lib/audit/record-audit";
import { type AuditChainReport, verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import { can, rolesWith } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";

export const metadata: Metadata = { title: "Audit log" };

const LABELS: Record<(typeof AUDIT_ACTIONS)[number], string> = {
  "auth.signed_in": "Signed in",
  "api_key.created": "API key created",
  "api_key.rotated": "API key rotated",
  "api_key.revoked": "API key revoked",
  "webhook.created": "Webhook created",
  "webhook.updated": "Webhook changed",
  "webhook.deleted": "Webhook deleted",
  "webhook.secret_rotated": "Webhook secret rotated",
  "webhook.failing": "Webhook endpoint failing",
  "webhook.disabled": "Webhook endpoint disabled by health",
  "webhook.recovered": "Webhook deliveries recovered",
  "plan.selected": "Plan selected",
};

function details(metadata: Record<string, unknown>): string {
  return Object.entries(metadata)
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(", ") : String(v)}`)
    .join(" · ");
}

const BREAKS: Record<NonNullable<AuditChainReport["first_break"]>["reason"], string> = {
  entry_changed: "was changed after it was written",
  link_broken: "does not link to the entry before it",
  entry_missing: "follows a missing entry",
};

/** The hash chain's state (Owners): intact, or the first entry where it breaks. */
function ChainStatus({ report }: { report: AuditChainReport }) {
  const b = report.first_break;
  return (
    <div className="card" role="status" data-testid="audit-chain" style={{ marginBottom: 16 }}>
      {b ? (
        <strong>
          Hash chain broken: entry {b.seq === null ? b.id : `#${b.seq}`} {BREAKS[b.reason]}.
        </strong>
      ) : (
        <span>
          Hash chain intact: {report.entries} {report.entries === 1 ? "entry" : "entries"} verified
          {report.head ? (
            <>
              ; newest <span className="mono">#{report.head.seq}</span>, hash{" "}
              <span className="mono" title={report.head.hash}>
                {report.head.hash.slice(0, 16)}…
              </span>
            </>
          ) : null}
          .
        </span>
      )}
    </div>
  );
}

/** The org's append-only audit trail (Owners and Admins): who did what, when, from where. */
export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const member = await requireConsoleMember();
  if (!can(member.role, "audit:read")) {
    return (
      <div className="card empty">
        The audit log is for {rolesWith("audit:read").join(" and ")}s; your role is {member.role}.
      </div>
    );
  }
  const sp = await searchParams;
  const parsed = listAuditLogQuery.safeParse({
    limit: "50",
    action: typeof sp.action === "string" && sp.action !== "" ? sp.action : undefined,
    cursor: typeof sp.cursor === "string" ? sp.cursor : undefined,
  });
  const query = parsed.success ? parsed.data : { limit: 50, cursor: undefined, action: undefined };
  let page: Awaited<ReturnType<typeof listAuditLog>>;
  try {
    page = await listAuditLog(await getDb(), member.orgId, query);
  } catch {
    // A hand-edited cursor: start over from the newest entry.
    page = await listAuditLog(await getDb(), member.orgId, { ...query, cursor: undefined });
  }
  // Owners see the chain verified on the first page (GET /v1/workspace/audit-log/verify).
  const chain =
    can(member.role, "audit:verify") && !query.cursor
      ? await verifyAuditChain(await getDb(), member.orgId)
      : null;
  const now = Date.now();
  const href = (params: Record<string, string | undefined>) => {
    const qs = new URLSearchParams(
      Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])),
    );
    return qs.size > 0 ? `/audit?${qs}` : "/audit";
  };
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Audit log</h1>
          <p>
            Keys minted, rotated and revoked; webhooks created, changed and their secrets rotated; plan
            selections; sign-ins. Entries cannot be changed or deleted, and each is hash-chained to the one
            before. Also at <span className="mono">GET /v1/workspace/audit-log</span>.
          </p>
        </div>
      </div>
      {chain ? <ChainStatus report={chain} /> : null}
      <nav
        aria-label="Filter by action"
        style={{ display: "flex", flexWrap: "wrap", gap: 8, marginBottom: 16 }}
      >
        <Link href="/audit" className={`btn sm ${query.action ? "secondary" : ""}`}>
          All
        </Link>
        {AUDIT_ACTIONS.map((a) => (
          <Link
            key={a}
            href={href({ action: a })}
            className={`btn sm ${query.action === a ? "" : "secondary"}`}
          >
            {LABELS[a]}
          </Link>
        ))}
      </nav>
      {page.items.length === 0 ? (
        <EmptyState title="Nothing recorded yet">
          Entries appear when someone signs in or changes keys, webhooks or the plan.
        </EmptyState>
      ) : (
        <div className="table-wrap">
          <table className="responsive" aria-label="Audit log">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">Target</th>
                <th scope="col">From</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((e) => (
                <tr key={e.id} data-testid="audit-row">
                  <td data-label="When" className="muted">
                    <Time iso={e.created_at} now={now} />
                  </td>
                  <td data-label="Who">
                    <div className="cell-main">{e.actor.label ?? e.actor.id}</div>
                    <div className="cell-sub">
                      {e.actor.type === "api_key" ? `API key ${e.actor.id}` : "user"}
                    </div>
                  </td>
                  <td data-label="What">
                    <div className="cell-main">{LABELS[e.action as keyof typeof LABELS] ?? e.action}</div>
                    <div className="cell-sub">{details(e.metadata)}</div>
                  </td>
                  <td data-label="Target" className="mono">
                    {e.target ? e.target.id : "—"}
                  </td>
                  <td data-label="From">
                    <div className="mono">{e.ip ?? "—"}</div>
                    <div
                      className="cell-sub truncate"
                      style={{ maxWidth: 260 }}
                      title={e.user_agent ?? undefined}
                    >
                      {e.user_agent ?? ""}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {page.next_cursor ? (
        <div className="list-foot">
          <Link className="btn secondary" href={href({ action: query.action, cursor: page.next_cursor })}>
            Older entries
          </Link>
        </div>
      ) : null}
    </>
  );
}
