"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { api } from "@/app/_components/api-client";
import { GatedButton } from "@/app/_components/gated-button";
import { IconCheck, IconSpinner } from "@/app/_components/icons/ui";
import { LazyConfirmDialog } from "@/app/_components/lazy-confirm-dialog";
import { useToast } from "@/app/_components/toast";
import { can, type Role } from "@/lib/auth/roles";
import type { Plan } from "@/lib/billing/plans";
import type { Identity } from "@/lib/identity/identity-schema";

/** What each plan is for; prices and limits come from the billing agreement, not from this page. */
const PLAN_INFO = {
  starter: {
    name: "Starter",
    tagline: "Build and try things out",
    features: ["Every room type", "API keys and webhooks", "Community support"],
  },
  pro: {
    name: "Pro",
    tagline: "Run your app in production",
    features: ["Everything in Starter", "Higher usage limits", "Email support"],
  },
  enterprise: {
    name: "Enterprise",
    tagline: "Scale with guarantees",
    features: ["Everything in Pro", "Custom limits and terms", "A named support contact"],
  },
} as const satisfies Record<Plan, { name: string; tagline: string; features: readonly string[] }>;

const ORDER: Plan[] = ["starter", "pro", "enterprise"];

/** The plan cards; selecting posts to /v1/workspace/plan (Owner, Billing) and opens the console. */
export function PlanPicker({
  current,
  memberRole,
  askWhom,
}: {
  current: Plan | null;
  memberRole: Role;
  askWhom: string | undefined;
}) {
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState<Plan | null>(null);
  // Switching an org's plan changes its terms for everyone: it asks first (issue 38).
  const [asking, setAsking] = useState<Plan | null>(null);

  async function select(plan: Plan) {
    if (busy) return;
    setBusy(plan);
    const res = await api<Identity>("/v1/workspace/plan", { json: { plan } });
    setBusy(null);
    if (!res.ok) return toast.error("Plan not selected", res.problem.detail);
    toast.success(`${PLAN_INFO[plan].name} plan selected`, "Rooms, API keys and invitations are open.");
    if (current === null) router.push("/");
    router.refresh();
  }

  return (
    <>
      {!can(memberRole, "plan:select") ? (
        <div className="callout" role="note" style={{ marginBottom: 16 }}>
          <div>
            Only the Owner and Billing roles can select a plan.
            {askWhom ? ` Ask ${askWhom}.` : ""}
          </div>
        </div>
      ) : null}
      <ul className="plans" aria-label="Plans">
        {ORDER.map((plan) => {
          const info = PLAN_INFO[plan];
          const isCurrent = plan === current;
          return (
            <li
              key={plan}
              className={`plan-card${plan === "pro" ? " featured" : ""}${isCurrent ? " current" : ""}`}
            >
              <div className="plan-head">
                <h2>{info.name}</h2>
                {isCurrent ? (
                  <span className="badge active">Current plan</span>
                ) : plan === "pro" ? (
                  <span className="badge role">Most teams</span>
                ) : null}
              </div>
              <p className="muted">{info.tagline}</p>
              <ul className="plan-features">
                {info.features.map((f) => (
                  <li key={f}>
                    <IconCheck className="ok-icon" /> {f}
                  </li>
                ))}
              </ul>
              {isCurrent ? (
                <button type="button" className="btn secondary block" disabled>
                  Your plan
                </button>
              ) : (
                <GatedButton
                  memberRole={memberRole}
                  permission="plan:select"
                  className={plan === "pro" ? "btn block" : "btn secondary block"}
                  onClick={() => (current ? setAsking(plan) : select(plan))}
                  data-testid={`select-${plan}`}
                  aria-label={`${current ? "Switch to" : "Select"} ${info.name} plan`}
                >
                  {busy === plan ? <IconSpinner className="spin" /> : null}
                  {current ? `Switch to ${info.name}` : `Select ${info.name}`}
                </GatedButton>
              )}
            </li>
          );
        })}
      </ul>
      <LazyConfirmDialog
        open={asking !== null}
        busy={busy !== null}
        title={asking ? `Switch to ${PLAN_INFO[asking].name}?` : "Switch plan?"}
        description="The organisation's plan changes for every member at once; the billing agreement decides prices and limits."
        action={asking ? `Switch to ${PLAN_INFO[asking].name}` : "Switch"}
        testId="confirm-plan-switch"
        onConfirm={async () => {
          if (asking) await select(asking);
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
