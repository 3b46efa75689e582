import { roleList } from "@/app/_lib/role-text";
import { can, type Role, rolesWith } from "@/lib/auth/roles";

export interface PlanGate {
  /** True while billable actions (rooms, API keys, invitations, room tokens) answer 402. */
  required: boolean;
  /** The member may select the plan (Owner, Billing). */
  canSelect: boolean;
  /** Why a create control is unavailable, for its tooltip; undefined when nothing blocks it. */
  reason: string | undefined;
}

/**
 * docs/spec/product-decisions.md §2 for the console: in cloud mode an org without a plan cannot create rooms, API keys
 * or invitations (the API answers 402 plan_required). The console says so before anyone clicks,
 * and tells the member who can lift it.
 */
export function planGate(
  member: { role: Role; planSelected: boolean },
  mode: "cloud" | "self_host",
): PlanGate {
  if (mode !== "cloud" || member.planSelected)
    return { required: false, canSelect: false, reason: undefined };
  const canSelect = can(member.role, "plan:select");
  return {
    required: true,
    canSelect,
    reason: canSelect
      ? "Select a plan first: rooms, API keys and invitations open once your organisation has one."
      : `Your organisation has no plan yet. The ${roleList(rolesWith("plan:select"))} role can select one.`,
  };
}
