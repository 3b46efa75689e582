import type { ReactNode } from "react";
import { countOf, DataTable, MainCell } from "@/app/_components/data-table";
import { RowActions } from "@/app/_components/row-actions";
import { Time } from "@/app/_components/time";
import type { ApiKeyDto } from "@/lib/api-keys/api-key-schema";
import { API_KEYS_LIST_MAX } from "@/lib/api-keys/list-cap";
import type { Role } from "@/lib/auth/roles";

export type KeyAction = "rotate" | "revoke";

/** The keys of one project: what each may do, when it was last used, and Rotate / Revoke. */
export function ApiKeyTable({
  keys,
  memberRole,
  now,
  onAction,
  foot,
}: {
  keys: ApiKeyDto[];
  memberRole: Role;
  now: number;
  onAction: (action: KeyAction, key: ApiKeyDto) => void;
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
              <RowActions
                memberRole={memberRole}
                permission="api_keys:write"
                actions={[
                  { label: "Rotate", name: `Rotate ${k.name}`, onClick: () => onAction("rotate", k) },
                  {
                    label: "Revoke",
                    name: `Revoke ${k.name}`,
                    danger: true,
                    onClick: () => onAction("revoke", k),
                  },
                ]}
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
