import { DataTable } from "@/app/_components/data-table";
import { EndSessionButton } from "@/app/(console)/account/end-session-button";
import type { SessionDto } from "@/lib/sessions/list-sessions";

const when = (iso: string | null) => (iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) : "—");

/**
 * Where the person is signed in (docs/decisions/1262): end any one; ending this one signs out here.
 * Drawn by the server; only the End buttons are client code (decision 1385).
 */
export function SessionsList({ items }: { items: SessionDto[] }) {
  return (
    <DataTable
      label="Your sessions"
      rows={items}
      rowKey={(s) => s.id}
      rowAttributes={(s) => ({ "data-testid": "session-row", "data-current": String(s.current) })}
      columns={[
        {
          header: "Device",
          primary: true,
          cell: (s) => (
            <>
              {s.device}
              {s.current ? (
                <span className="badge active" style={{ marginLeft: 6 }}>
                  This session
                </span>
              ) : null}
              <div className="muted">{s.org.name}</div>
            </>
          ),
        },
        { header: "Address", className: "mono", cell: (s) => s.ip ?? "—" },
        { header: "Signed in", cell: (s) => when(s.created_at) },
        { header: "Last seen", cell: (s) => when(s.last_seen_at) },
        {
          header: "Actions",
          srOnly: true,
          cell: (s) => <EndSessionButton id={s.id} device={s.device} current={s.current} />,
        },
      ]}
    />
  );
}
