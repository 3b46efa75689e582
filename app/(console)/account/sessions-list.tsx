"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { DataTable } from "@/app/_components/data-table";
import { useToast } from "@/app/_components/toast";
import type { SessionDto } from "@/lib/sessions/list-sessions";

const when = (iso: string | null) => (iso ? new Date(iso).toISOString().replace("T", " ").slice(0, 16) : "—");

/** Where the person is signed in (docs/decisions/1262): end any one; ending this one signs out here. */
export function SessionsList({ items }: { items: SessionDto[] }) {
  const router = useRouter();
  const toast = useToast();
  const [ending, setEnding] = useState<string | null>(null);

  async function end(s: SessionDto) {
    setEnding(s.id);
    const res = await api(`/v1/workspace/me/sessions/${s.id}`, { method: "DELETE" });
    setEnding(null);
    if (!res.ok) {
      toast.error("Session not ended", res.problem.detail);
      return;
    }
    if (s.current) {
      window.location.assign("/login");
      return;
    }
    toast.success("Session ended", `${s.device} is signed out.`);
    router.refresh();
  }

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
          cell: (s) => (
            <button
              type="button"
              className="btn ghost danger"
              disabled={ending === s.id}
              onClick={() => end(s)}
              aria-label={s.current ? "End this session (sign out here)" : `End the session on ${s.device}`}
            >
              End
            </button>
          ),
        },
      ]}
    />
  );
}
