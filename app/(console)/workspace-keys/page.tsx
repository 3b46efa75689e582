import type { Metadata } from "next";
import Link from "next/link";
import { DataTable, MainCell } from "@/app/_components/data-table";
import { EmptyState } from "@/app/_components/empty-state";
import { IconKey } from "@/app/_components/icons";
import { ListCount } from "@/app/_components/list-count";
import { Time } from "@/app/_components/time";
import { requireConsoleMember } from "@/app/_lib/console-session";
import {
  NewWorkspaceKeyButton,
  WorkspaceKeyActions,
} from "@/app/(console)/workspace-keys/workspace-key-buttons";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { listProjects } from "@/lib/projects/list-projects";
import { listWorkspaceKeys } from "@/lib/workspace-keys/list-workspace-keys";
import { roleWithin } from "@/lib/workspace-keys/role-ceiling";

export const metadata: Metadata = { title: "Workspace keys" };

const STATE_TEXT = { active: "Active", expired: "Expired", revoked: "Revoked" } as const;

/**
 * Workspace API keys (docs/decisions/1290; issue 49): organisation-level keys for automation, with
 * a role and an optional project scope and expiry. Every role sees the list; Owner, Admin and
 * Developer create, rotate and revoke. The table is rendered here; only the buttons are client code.
 */
export default async function WorkspaceKeysPage() {
  const member = await requireConsoleMember();
  const db = await getDb();
  const [{ items: keys }, projects] = await Promise.all([
    listWorkspaceKeys(db, member.orgId),
    listProjects(db, member.orgId, { limit: 200 }),
  ]);
  const projectName = new Map(projects.items.map((p) => [p.id, p.name]));
  const active = keys.filter((k) => k.state === "active").length;
  const now = Date.now();
  return (
    <>
      <div className="page-head">
        <div>
          <h1>Workspace keys</h1>
          <p>
            Keys for automation (CI, infrastructure as code, a backend that manages projects): each calls the
            workspace API, the SDK and the CLI as its role, never above the role of whoever made it. Project
            keys, which mint room tokens, are on <Link href="/api-keys">API keys</Link>.
          </p>
        </div>
        <div className="page-actions">
          <NewWorkspaceKeyButton
            memberRole={member.role}
            roles={ROLES.filter((r) => roleWithin(member.role, r))}
            projects={projects.items.map((p) => ({ id: p.id, name: p.name }))}
          />
        </div>
      </div>
      {keys.length === 0 ? (
        <EmptyState icon={<IconKey />} title="No workspace keys yet">
          Create one for a script or a CI job: it calls the workspace API as the role you give it, without
          anyone&apos;s session.
        </EmptyState>
      ) : (
        <DataTable
          label="Workspace keys"
          rows={keys}
          rowKey={(k) => k.id}
          rowAttributes={(k) => ({ "data-testid": "workspace-key-row", "data-state": k.state })}
          columns={[
            {
              header: "Key",
              primary: true,
              cell: (k) => <MainCell main={k.name} sub={<span className="mono">{k.prefix}…</span>} />,
            },
            { header: "Role", cell: (k) => <span className="badge role">{k.role}</span> },
            {
              header: "Scope",
              className: "muted",
              cell: (k) =>
                k.project_id ? `Project ${projectName.get(k.project_id) ?? k.project_id}` : "Organisation",
            },
            {
              header: "State",
              cell: (k) => (
                <span
                  className={`badge ${k.state === "active" ? "tone-ok" : "tone-bad"}`}
                  data-testid="key-state"
                >
                  {STATE_TEXT[k.state]}
                </span>
              ),
            },
            {
              header: "Last used",
              className: "muted",
              cell: (k) => (
                <span data-testid="key-last-used">
                  {k.last_used_at ? <Time iso={k.last_used_at} now={now} /> : "Never"}
                </span>
              ),
            },
            {
              header: "Expires",
              className: "muted",
              cell: (k) => (k.expires_at ? <Time iso={k.expires_at} now={now} /> : "Never"),
            },
            {
              header: "Actions",
              srOnly: true,
              cell: (k) =>
                k.state === "revoked" ? null : (
                  <WorkspaceKeyActions id={k.id} name={k.name} memberRole={member.role} />
                ),
            },
          ]}
          foot={
            <ListCount shown={active} total={active} one="active key" many="active keys" testId="key-count" />
          }
        />
      )}
    </>
  );
}
