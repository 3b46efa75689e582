"use client";

import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { useToast } from "@/app/_components/toast";

export interface OrgChoice {
  id: string;
  name: string;
  role: string;
}

/** For a person in several orgs: the session carries one; switching moves it and reloads the console. */
export function OrgSwitcher({ orgs, currentId }: { orgs: OrgChoice[]; currentId: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (orgs.length < 2) return null;
  return (
    <label className="org-switch">
      <span className="sr-only">Organisation</span>
      <select
        value={currentId}
        disabled={busy}
        data-testid="org-switcher"
        onChange={async (e) => {
          setBusy(true);
          const res = await api("/v1/auth/switch-org", { json: { org_id: e.target.value } });
          if (res.ok) {
            window.location.assign("/projects");
            return;
          }
          setBusy(false);
          toast.error("Could not switch", res.problem.detail);
        }}
      >
        {orgs.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name} ({o.role})
          </option>
        ))}
      </select>
    </label>
  );
}
