"use client";

import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { IconSpinner } from "@/app/_components/icons/ui";
import { useToast } from "@/app/_components/toast";

/** Moves the session to the other org, then opens the page that was asked for. */
export function SwitchOrgButton({ orgId, orgName, next }: { orgId: string; orgName: string; next: string }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn"
      disabled={busy}
      data-testid="switch-org"
      onClick={async () => {
        setBusy(true);
        const res = await api("/v1/auth/switch-org", { json: { org_id: orgId } });
        if (res.ok) {
          window.location.assign(next);
          return;
        }
        setBusy(false);
        toast.error("Could not switch", res.problem.detail);
      }}
    >
      {busy ? <IconSpinner className="spin" /> : null} Switch to {orgName}
    </button>
  );
}
