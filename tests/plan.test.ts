import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "@/lib/auth/roles";
import { overrideEnvForTests } from "@/lib/env";
import type { Identity } from "@/lib/identity/identity-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
beforeAll(async () => {
  overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
  org = await createOrg({ planSelected: false });
});
afterAll(() => overrideEnvForTests({}));

describe("POST /v1/workspace/plan (extension)", () => {
  it.each(ROLES.filter((r) => r !== "Owner" && r !== "Billing"))("%s gets 403", async (role) => {
    expectProblem(
      await call("POST", "/v1/workspace/plan", { token: org.members[role].token, json: { plan: "pro" } }),
      403,
      "forbidden_workspace_role",
    );
  });

  it("422 for an unknown plan or a missing body", async () => {
    expectProblem(
      await call("POST", "/v1/workspace/plan", { token: org.members.Owner.token, json: { plan: "gold" } }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("POST", "/v1/workspace/plan", { token: org.members.Owner.token }),
      422,
      "validation_failed",
    );
  });

  it("Billing selects a plan: plan_selected turns true and room creation opens", async () => {
    const before = await call<Identity>("GET", "/v1/workspace/me", { token: org.members.Developer.token });
    expect(before.body).toMatchObject({ plan_selected: false, deployment_mode: "cloud" });
    expectProblem(
      await call("POST", "/v1/workspace/rooms", {
        token: org.members.Developer.token,
        json: { project_id: org.projectId },
      }),
      402,
      "plan_required",
    );
    const res = await call<Identity>("POST", "/v1/workspace/plan", {
      token: org.members.Billing.token,
      json: { plan: "starter" },
    });
    expect(res.status).toBe(200);
    expect(res.body.plan_selected).toBe(true);
    const after = await call<Identity>("GET", "/v1/workspace/me", { token: org.members.Developer.token });
    expect(after.body.plan_selected).toBe(true);
    expect(
      (
        await call("POST", "/v1/workspace/rooms", {
          token: org.members.Developer.token,
          json: { project_id: org.projectId },
        })
      ).status,
    ).toBe(201);
  });
});
