import type { ReactNode } from "react";
import { countOf, DataTable, MainCell } from "@/app/_components/data-table";
import { Time } from "@/app/_components/time";
import { ApiKeyActions } from "@/app/(console)/projects/[projectId]/api-key-buttons";
import type { TokenExample } from "@/app/(console)/projects/[projectId]/revealed-key-dialog";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-schema";
import { API_KEYS_LIST_MAX } from "@/lib/api-keys/list-cap";
import type { Role } from "@/lib/auth/roles";

/**
 * The keys of one project: what each may do, when it was last used, and Rotate / Revoke. Drawn by
 * the server; only the buttons are client code (api-key-buttons.tsx, decision 1385).
 */
export function ApiKeyTable({
  projectId,
  keys,
  memberRole,
  now,
  example,
  foot,
}: {
  projectId: string;
  keys: ApiKeyDto[];
  memberRole: Role;
  now: number;
  /** What a rotated key's code example points at (revealed-key-dialog.tsx). */
  example: TokenExample;
  /** The list's count and paging links (key-list-parts.tsx), drawn by the server. */
  foot?: ReactNode;
}) {
  const active = keys.filter((k) => k.state === "active").length;
  const revoked = keys.length - active;
  return (
    <DataTable
      label="API keys"
      rows={keys}
      rowKey={(k) => k.id}
      rowAttributes={(k) => ({ "data-testid": "api-key-row", "data-key-id": k.id, "data-state": k.state })}
      columns={[
        { header: "Name", primary: true, cell: (k) => <MainCell main={k.name} sub={k.id} /> },
        { header: "Key", cell: (k) => <code className="mono">{k.prefix}…</code> },
        { header: "Scope", cell: (k) => <span className="badge">{k.scope}</span> },
        {
          header: "Grants",
          className: "muted",
          cell: (k) => (k.grants.length > 0 ? k.grants.join(", ") : "none"),
        },
        {
          header: "Last used",
          className: "muted",
          cell: (k) => (k.last_used_at ? <Time iso={k.last_used_at} now={now} /> : "never"),
        },
        { header: "Created", className: "muted", cell: (k) => <Time iso={k.created_at} now={now} /> },
        {
          header: "Actions",
          srOnly: true,
          cell: (k) =>
            k.state === "revoked" ? (
              <span className="badge ended">
                Revoked {k.revoked_at ? <Time iso={k.revoked_at} now={now} /> : null}
              </span>
            ) : (
              <ApiKeyActions
                projectId={projectId}
                keyId={k.id}
                name={k.name}
                memberRole={memberRole}
                example={example}
              />
            ),
        },
      ]}
      foot={
        foot ?? (
          <span>
            {countOf(active, "active key", "active keys")}
            {revoked > 0 ? `, ${revoked} revoked` : ""}
            {keys.length >= API_KEYS_LIST_MAX ? ` (the newest ${API_KEYS_LIST_MAX} shown)` : ""}
          </span>
        )
      }
    />
  );
}
