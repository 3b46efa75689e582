import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, MainCell } from "@/app/_components/data-table";
import { EmptyState, NotForYourRole } from "@/app/_components/empty-state";
import { IconLock } from "@/app/_components/icons";
import { PagedFoot } from "@/app/_components/list-count";
import { ScopeNote } from "@/app/_components/scope-note";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { roleList } from "@/app/_lib/role-text";
import { AUDIT_ACTIONS } from "@/lib/audit/audit-actions";
import { countAuditLog, listAuditLog, listAuditLogQuery } from "@/lib/audit/list-audit-log";
import { type AuditChainReport, verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import { can, rolesWith } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { listMembers } from "@/lib/members/list-members";
import { auditAnchorObjects } from "@/lib/storage/audit-anchor-objects";

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
  "auth.signed_out_everywhere": "Signed out everywhere",
  "auth.password_changed": "Password changed",
  "auth.password_reset": "Password reset",
  "auth.signed_up": "Signed up",
  "auth.org_switched": "Switched organisation",
  "member.role_changed": "Member role changed",
  "member.removed": "Member removed",
  "member.joined": "Member joined",
  "member_invitation.created": "Member invited",
  "member_invitation.revoked": "Invitation revoked",
  "member_invitation.resent": "Invitation resent",
  "project.created": "Project created",
  "project.updated": "Project changed",
  "project.deleted": "Project deleted",
  "room.updated": "Room renamed",
  "room.ended": "Room ended",
  "room.participant_removed": "Participant removed from a room",
  "recording.deleted": "Recording deleted",
  "recording.start_requested": "Recording started",
  "recording.stop_requested": "Recording stopped",
  "webhook.listen_started": "Event stream opened (svc listen)",
  "webhook.listen_ended": "Event stream closed (svc listen)",
  "audit.pruned": "Oldest entries pruned (retention)",
  "license.issued": "Licence issued",
  "license.revoked": "Licence revoked",
  "auth.two_factor_enabled": "Two-factor turned on",
  "auth.two_factor_disabled": "Two-factor turned off",
  "auth.recovery_code_used": "Recovery code used to sign in",
  "auth.session_ended": "Session ended",
  "member.sessions_ended": "Member's sessions ended",
  "org.two_factor_policy_changed": "Two-factor requirement changed",
  "workspace_key.created": "Workspace API key created",
  "workspace_key.rotated": "Workspace API key rotated",
  "workspace_key.revoked": "Workspace API key revoked",
  "room.admission_changed": "Share-link lock or waiting room changed",
  "room.guest_admitted": "Guest admitted from the waiting room",
  "room.guest_denied": "Guest turned away from the waiting room",
  "auth.passkey_added": "Passkey added",
  "auth.passkey_renamed": "Passkey renamed",
  "auth.passkey_removed": "Passkey removed",
  "org.sso_configured": "Single sign-on configured",
  "org.sso_removed": "Single sign-on removed",
  "room.tokens_revoked": "Room tokens revoked",
  "room.identity_banned": "Identity banned from a room",
  "room.identity_unbanned": "Ban lifted",
  "room.participant_muted": "Participant muted or unmuted",
  "room.participant_role_changed": "Participant promoted or demoted",
  "api_key.room_tokens_revoked": "API key's room tokens revoked",
  "stream.start_requested": "Live stream started",
  "stream.stop_requested": "Live stream stopped",
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
  time_reversed: "is dated before the entry it follows",
  checkpoint_unsealed: "is where a checkpoint the retention job did not seal says pruning stopped",
  prune_unsealed: "records a prune the retention job did not seal",
  anchor_mismatch: "no longer matches the sealed head kept outside the database",
  anchor_invalid: "is named by an anchor in storage whose seal does not verify",
  entry_unsealed: "was not written by the service (its seal does not verify)",
};

/** The hash chain's state (Owners): intact, or the first entry where it breaks. */
function ChainStatus({ report }: { report: AuditChainReport }) {
  const b = report.first_break;
  return (
    <div className="card" role="status" data-testid="audit-chain" style={{ marginBottom: 16 }}>
      {b ? (
        <strong>
          Hash chain broken: entry {b.seq === null ? (b.id ?? "(anchor)") : `#${b.seq}`} {BREAKS[b.reason]}.
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

/** An address or id that may wrap only after "@" and "." (never mid-word, issue 38). */
function breakable(text: string) {
  return text.split(/(?<=[@.])/).map((part, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order, never reordered.
    <span key={i}>
      {part}
      <wbr />
    </span>
  ));
}

/** The export's query: the same filters as the API's (instants, not the form's days). */
function csvParams(f: {
  action?: string | undefined;
  since?: string | undefined;
  until?: string | undefined;
  actor_type?: string;
  actor_id?: string;
}) {
  return { since: f.since, until: f.until, actor_type: f.actor_type, actor_id: f.actor_id };
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
      <NotForYourRole title="Audit log" icon={<IconLock />}>
        The audit log is for the {roleList(rolesWith("audit:read"))} roles. Your role is {member.role}.
      </NotForYourRole>
    );
  }
  const sp = await searchParams;
  const one = (v: string | string[] | undefined) => (typeof v === "string" && v !== "" ? v : undefined);
  // The form's dates are whole UTC days: from the start of `from` to the end of `to`.
  const from = one(sp.from);
  const to = one(sp.to);
  const dayStart = (d: string | undefined, plus = 0) =>
    d && /^\d{4}-\d{2}-\d{2}$/.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`))
      ? new Date(Date.parse(`${d}T00:00:00Z`) + plus * 86_400_000).toISOString()
      : undefined;
  const actor = one(sp.actor);
  // "system" and "api_key" pick a kind of actor; anything else is one actor's id (a member).
  const actorFilter =
    actor === "system" || actor === "api_key" ? { actor_type: actor } : actor ? { actor_id: actor } : {};
  const filters = {
    action: one(sp.action),
    since: dayStart(from),
    until: dayStart(to, 1),
    ...actorFilter,
  };
  const parsed = listAuditLogQuery.safeParse({ limit: "50", cursor: one(sp.cursor), ...filters });
  const query = parsed.success ? parsed.data : { limit: 50, cursor: undefined };
  const members = await listMembers(await getDb(), member.orgId, { limit: 200 });
  // A hand-edited cursor: start over from the newest entry.
  const [page, total] = await Promise.all([
    listAuditLog(await getDb(), member.orgId, query).catch(async () =>
      listAuditLog(await getDb(), member.orgId, { ...query, cursor: undefined }),
    ),
    countAuditLog(await getDb(), member.orgId, query),
  ]);
  // Owners see the chain verified on the first page (GET /v1/workspace/audit-log/verify).
  const chain =
    can(member.role, "audit:verify") && !query.cursor
      ? await verifyAuditChain(await getDb(), member.orgId, new Date(), auditAnchorObjects)
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
          <ScopeNote scope="org" />
        </div>
      </div>
      {chain ? <ChainStatus report={chain} /> : null}
      <form className="search-form toolbar" action="/audit" method="get" aria-label="Filter the audit log">
        <label className="search-field">
          <span className="search-label">Action</span>
          <select name="action" defaultValue={query.action ?? ""}>
            <option value="">Any action</option>
            {AUDIT_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {LABELS[a]}
              </option>
            ))}
          </select>
        </label>
        <label className="search-field">
          <span className="search-label">Who</span>
          <select name="actor" defaultValue={actor ?? ""}>
            <option value="">Anyone</option>
            <option value="system">The service itself (system)</option>
            <option value="api_key">Any API key</option>
            {members.items.map((m) => (
              <option key={m.user_id} value={m.user_id}>
                {m.email}
              </option>
            ))}
          </select>
        </label>
        <label className="search-field">
          <span className="search-label">From (UTC day)</span>
          <input type="date" name="from" defaultValue={from ?? ""} />
        </label>
        <label className="search-field">
          <span className="search-label">To (UTC day, inclusive)</span>
          <input type="date" name="to" defaultValue={to ?? ""} />
        </label>
        <button type="submit" className="btn secondary">
          Apply
        </button>
        <a
          className="btn secondary"
          href={`/audit/export${href({ action: query.action, from: undefined, ...csvParams(filters) }).slice("/audit".length)}`}
          data-testid="export-csv"
          download
        >
          Export CSV
        </a>
        {query.action || actor || from || to ? (
          <Link className="btn ghost" href="/audit">
            Clear filters
          </Link>
        ) : null}
      </form>
      {page.items.length === 0 ? (
        <EmptyState
          title={
            query.action || actor || from || to ? "No entries match these filters" : "Nothing recorded yet"
          }
        >
          Entries appear when someone signs in or changes keys, webhooks or the plan.
        </EmptyState>
      ) : (
        <DataTable
          label="Audit log"
          rows={page.items}
          rowKey={(e) => e.id}
          rowAttributes={() => ({ "data-testid": "audit-row" })}
          columns={[
            { header: "When", className: "muted", cell: (e) => <Time iso={e.created_at} now={now} /> },
            {
              header: "Who",
              cell: (e) => (
                <MainCell
                  main={<span className="audit-who">{breakable(e.actor.label ?? e.actor.id)}</span>}
                  sub={
                    e.actor.type === "api_key"
                      ? `API key ${e.actor.id}`
                      : e.actor.type === "system"
                        ? "System: the service itself"
                        : "Member"
                  }
                />
              ),
            },
            {
              header: "What",
              cell: (e) => (
                <MainCell
                  main={LABELS[e.action as keyof typeof LABELS] ?? e.action}
                  sub={details(e.metadata)}
                />
              ),
            },
            { header: "Target", className: "mono", cell: (e) => (e.target ? e.target.id : "—") },
            {
              header: "From",
              cell: (e) => (
                <>
                  <div className="mono">{e.ip ?? "—"}</div>
                  <div
                    className="cell-sub truncate"
                    style={{ maxWidth: 260 }}
                    title={e.user_agent ?? undefined}
                  >
                    {e.user_agent ?? ""}
                  </div>
                </>
              ),
            },
          ]}
          foot={
            <PagedFoot
              shown={page.items.length}
              total={total}
              one="entry"
              many="entries"
              testId="audit-count"
              pageSize={50}
              firstHref={query.cursor ? href({ action: query.action, actor, from, to }) : undefined}
              nextHref={
                page.next_cursor
                  ? href({ action: query.action, actor, from, to, cursor: page.next_cursor })
                  : undefined
              }
            />
          }
        />
      )}
    </>
  );
}
