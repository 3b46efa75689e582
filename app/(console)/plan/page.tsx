import type { Metadata } from "next";
import { peopleList } from "@/app/_components/plan-banner";
import { requireConsoleMember } from "@/app/_lib/console-session";
import { planGate } from "@/app/_lib/plan-gate";
import { PlanPicker } from "@/app/(console)/plan/plan-picker";
import { rolesWith } from "@/lib/auth/roles";
import { getOrgPlan } from "@/lib/billing/get-plan";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { listMembersWithRole } from "@/lib/identity/list-members-with-role";

export const metadata: Metadata = { title: "Plan" };

/** Cloud onboarding and plan changes: Owner and Billing pick; everyone sees the plan and whom to ask. */
export default async function PlanPage() {
  const member = await requireConsoleMember();
  const db = await getDb();
  const cloud = env.SVC_DEPLOYMENT_MODE === "cloud";
  const [current, selectors] = await Promise.all([
    getOrgPlan(db, member.orgId),
    listMembersWithRole(db, member.orgId, rolesWith("plan:select")),
  ]);
  const gate = planGate(member, env.SVC_DEPLOYMENT_MODE);
  return (
    <>
      <div className="page-head">
        <div>
          <h1>{gate.required ? "Choose a plan" : "Plan"}</h1>
          <p>
            {!cloud
              ? "This is a self-hosted installation: there are no plans, and nothing is metered."
              : gate.required
                ? `${member.orgName} needs a plan before it can create rooms, API keys and invitations.`
                : `${member.orgName} is on the ${current ?? "selected"} plan. You can change it at any time.`}
          </p>
        </div>
      </div>
      {cloud ? (
        <PlanPicker
          current={member.planSelected ? current : null}
          memberRole={member.role}
          askWhom={selectors.length > 0 ? peopleList(selectors) : undefined}
        />
      ) : null}
    </>
  );
}
