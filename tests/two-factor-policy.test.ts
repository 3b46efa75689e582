import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import { TOTP_PERIOD_SEC, totpCodeAt } from "@/lib/auth/two-factor/totp-code";
import { getDb } from "@/lib/db";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestMember } from "./helpers/fixtures";

const codeAt = (secret: string, steps = 0) =>
  totpCodeAt(secret, new Date(Date.now() + steps * TOTP_PERIOD_SEC * 1000));

async function enrol(m: TestMember): Promise<string> {
  const start = await call<{ secret: string }>("POST", "/v1/workspace/me/totp", { token: m.token });
  expect(start.status).toBe(201);
  const ok = await call("POST", "/v1/workspace/me/totp/confirm", {
    token: m.token,
    json: { code: codeAt(start.body.secret) },
  });
  expect(ok.status).toBe(200);
  return start.body.secret;
}

const policy = (token: string, require_two_factor: unknown) =>
  call<{ require_two_factor: boolean; members_without_two_factor: number }>(
    "PATCH",
    "/v1/workspace/security",
    {
      token,
      json: { require_two_factor },
    },
  );

beforeEach(async () => {
  await clearAllRateLimits();
});

describe("org policy: two-factor for every member", () => {
  it("only an Owner with two-factor on may require it; bad input is 422", async () => {
    const org = await createOrg();
    expectProblem(await policy(org.members.Admin.token, true), 403, "forbidden_workspace_role");
    expectProblem(await policy(org.members.Owner.token, true), 409, "conflict");
    expectProblem(await policy(org.members.Owner.token, "yes"), 422, "validation_failed");
    const read = await call<{ require_two_factor: boolean; members_without_two_factor: number }>(
      "GET",
      "/v1/workspace/security",
      { token: org.members.Viewer.token },
    );
    expect(read.body).toEqual({ require_two_factor: false, members_without_two_factor: 6 });
  });

  it("members without two-factor can only enrol until they do; the change is audited", async () => {
    const org = await createOrg();
    await enrol(org.members.Owner);
    const set = await policy(org.members.Owner.token, true);
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ require_two_factor: true, members_without_two_factor: 5 });
    const [entry] = await (await getDb())
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "org.two_factor_policy_changed"))
      .then((rows) => rows.filter((r) => r.orgId === org.id));
    expect(entry?.metadata).toMatchObject({ require_two_factor: true });

    const dev = org.members.Developer;
    const blocked = expectProblem(
      await call("GET", "/v1/workspace/projects", { token: dev.token }),
      403,
      "two_factor_enrolment_required",
    );
    expect(blocked.detail).toContain("/v1/workspace/me/totp");
    expectProblem(
      await call("POST", "/v1/workspace/projects", { token: dev.token, json: { name: "X" } }),
      403,
      "two_factor_enrolment_required",
    );
    expect((await call("GET", "/v1/workspace/me", { token: dev.token })).status).toBe(200);
    // The Owner, who has it, is not held.
    expect((await call("GET", "/v1/workspace/projects", { token: org.members.Owner.token })).status).toBe(
      200,
    );

    const secret = await enrol(dev);
    expect((await call("GET", "/v1/workspace/projects", { token: dev.token })).status).toBe(200);
    // Required: it cannot be turned off while a member.
    expectProblem(
      await call("DELETE", "/v1/workspace/me/totp", { token: dev.token, json: { code: codeAt(secret) } }),
      409,
      "conflict",
    );

    const off = await policy(org.members.Owner.token, false);
    expect(off.body.require_two_factor).toBe(false);
    expect((await call("GET", "/v1/workspace/projects", { token: org.members.Viewer.token })).status).toBe(
      200,
    );
    // Setting what is already set changes nothing and records nothing.
    await policy(org.members.Owner.token, false);
    const changes = (await (await getDb()).select().from(auditLog).where(eq(auditLog.orgId, org.id))).filter(
      (r) => r.action === "org.two_factor_policy_changed",
    );
    expect(changes).toHaveLength(2);
  });
});
