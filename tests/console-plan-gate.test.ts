import { beforeAll, describe, expect, it } from "vitest";
import { pickCurrentProject } from "@/app/_lib/current-project";
import { planGate } from "@/app/_lib/plan-gate";
import { roleList, roleTooltip } from "@/app/_lib/role-text";
import { ROLES, rolesWith } from "@/lib/auth/roles";
import { getOrgPlan } from "@/lib/billing/get-plan";
import { getDb } from "@/lib/db";
import { listMembersWithRole } from "@/lib/identity/list-members-with-role";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

describe("planGate (the console's cloud onboarding)", () => {
  it("never blocks in self_host mode, plan or not", () => {
    for (const role of ROLES) {
      expect(planGate({ role, planSelected: false }, "self_host")).toEqual({
        required: false,
        canSelect: false,
        reason: undefined,
      });
    }
  });

  it("never blocks a cloud org that has a plan", () => {
    expect(planGate({ role: "Developer", planSelected: true }, "cloud").required).toBe(false);
  });

  it("blocks every role of a cloud org without a plan; only Owner and Billing may select", () => {
    for (const role of ROLES) {
      const gate = planGate({ role, planSelected: false }, "cloud");
      expect(gate.required).toBe(true);
      expect(gate.canSelect).toBe(role === "Owner" || role === "Billing");
      expect(gate.reason).toBe(
        gate.canSelect
          ? "Select a plan first: rooms, API keys and invitations open once your organisation has one."
          : "Your organisation has no plan yet. The Owner or Billing role can select one.",
      );
    }
  });
});

describe("role texts", () => {
  it("names the roles that hold a permission, from the matrix", () => {
    expect(roleList([])).toBe("");
    expect(roleList(["Owner"])).toBe("Owner");
    expect(roleList(rolesWith("projects:create"))).toBe("Owner, Admin or Developer");
    expect(roleTooltip("recordings:download", "Viewer")).toBe(
      "Requires the Owner, Admin, Developer, Member or Billing role. Your role is Viewer.",
    );
    expect(roleTooltip("plan:select", "Admin")).toBe(
      "Requires the Owner or Billing role. Your role is Admin.",
    );
  });
});

describe("pickCurrentProject", () => {
  const projects = [{ id: "prj_a" }, { id: "prj_b" }];
  it("takes the remembered project when it is in the list, else the first", () => {
    expect(pickCurrentProject(projects, "prj_b")?.id).toBe("prj_b");
    expect(pickCurrentProject(projects, "prj_of_another_org")?.id).toBe("prj_a");
    expect(pickCurrentProject(projects, undefined)?.id).toBe("prj_a");
    expect(pickCurrentProject([], "prj_a")).toBeUndefined();
  });
});

describe("who can select the plan, and which plan", () => {
  let org: TestOrg;
  let other: TestOrg;
  beforeAll(async () => {
    org = await createOrg({ planSelected: false });
    other = await createOrg();
  });

  it("lists the org's Owner and Billing members only", async () => {
    const people = await listMembersWithRole(await getDb(), org.id, rolesWith("plan:select"));
    expect(people.map((p) => p.role).sort()).toEqual(["Billing", "Owner"]);
    expect(people.map((p) => p.email).sort()).toEqual(
      [org.members.Billing.email, org.members.Owner.email].sort(),
    );
    expect(await listMembersWithRole(await getDb(), org.id, [])).toEqual([]);
  });

  it("reads the plan once selected, null before", async () => {
    expect(await getOrgPlan(await getDb(), org.id)).toBeNull();
    const res = await call("POST", "/v1/workspace/plan", {
      token: org.members.Owner.token,
      json: { plan: "pro" },
    });
    expect(res.status, res.text).toBe(200);
    expect(await getOrgPlan(await getDb(), org.id)).toBe("pro");
    expect(await getOrgPlan(await getDb(), other.id)).toBeNull();
  });
});
