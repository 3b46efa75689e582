"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { IconSpinner } from "@/app/_components/icons/ui";
import { useToast } from "@/app/_components/toast";

/** The Owner's switch: two-factor for every member of the org (PATCH /v1/workspace/security). */
export function RequireTwoFactor({ required, without }: { required: boolean; without: number }) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  async function toggle() {
    setBusy(true);
    const res = await api("/v1/workspace/security", {
      method: "PATCH",
      json: { require_two_factor: !required },
    });
    setBusy(false);
    if (!res.ok) {
      toast.error("Not changed", res.problem.detail);
      return;
    }
    toast.success(required ? "Two-factor is optional" : "Two-factor is required for everyone");
    router.refresh();
  }
  return (
    <div>
      <p data-testid="policy-state">
        {required
          ? "Every member must use two-factor. Members without it can only turn it on."
          : "Members choose whether to use two-factor."}{" "}
        {without > 0 ? `${without} member${without === 1 ? " has" : "s have"} not turned it on.` : null}
      </p>
      <button
        type="button"
        className={required ? "btn secondary" : "btn"}
        disabled={busy}
        onClick={toggle}
        data-testid="policy-toggle"
      >
        {busy ? <IconSpinner className="spin" /> : null}
        {required ? "Stop requiring two-factor" : "Require two-factor for everyone"}
      </button>
    </div>
  );
}
