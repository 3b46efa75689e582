import { describe, expect, it } from "vitest";
import type { Identity } from "@/lib/identity/identity-schema";
import type { MemberDto } from "@/lib/members/member-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { loginToken } from "./helpers/teams";

type Page = { items: MemberDto[]; next_cursor: string | null };
const me = (token: string) => call<Identity>("GET", "/v1/workspace/me", { token });
const patch = (token: string, userId: string, json: unknown) =>
  call<MemberDto>("PATCH", `/v1/workspace/members/${userId}`, { token, json });
const remove = (token: string, userId: string) =>
  call("DELETE", `/v1/workspace/members/${userId}`, { token });

describe("GET /v1/workspace/members", () => {
  it("every role lists the org's members, newest first, keyset-paginated", async () => {
    const org = await createOrg();
    for (const m of Object.values(org.members)) {
      const res = await call<Page>("GET", "/v1/workspace/members", { token: m.token });
      expect(res.status).toBe(200);
      expect(res.body.items).toHaveLength(6);
    }
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call<Page>("GET", "/v1/workspace/members", {
        token: org.members.Viewer.token,
        query: { limit: 4, cursor },
      });
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((i) => i.user_id));
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    expect(new Set(seen).size).toBe(6);
    const first = (await call<Page>("GET", "/v1/workspace/members", { token: org.members.Owner.token })).body
      .items;
    const viewer = first.find((i) => i.user_id === org.members.Viewer.userId);
    expect(viewer).toEqual({
      user_id: org.members.Viewer.userId,
      email: org.members.Viewer.email,
      display_name: "Viewer Person",
      role: "Viewer",
      joined_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const times = first.map((i) => i.joined_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it("never lists another org's members and validates the query", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const res = await call<Page>("GET", "/v1/workspace/members", { token: org.members.Owner.token });
    expect(res.body.items.map((i) => i.user_id)).not.toContain(other.members.Owner.userId);
    for (const query of [{ limit: 0 }, { limit: 201 }, { limit: "x" }, { cursor: "!!" }, { cursor: "e30" }]) {
      expectProblem(
        await call("GET", "/v1/workspace/members", { token: org.members.Owner.token, query }),
        422,
        "validation_failed",
      );
    }
    expectProblem(await call("GET", "/v1/workspace/members"), 401, "unauthenticated");
  });
});

describe("PATCH /v1/workspace/members/:userId", () => {
  it("an Owner or Admin changes a role, and it applies to the member's very next request", async () => {
    const org = await createOrg();
    const res = await patch(org.members.Admin.token, org.members.Viewer.userId, { role: "Developer" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ user_id: org.members.Viewer.userId, role: "Developer" });
    expect((await me(org.members.Viewer.token)).body.org.role).toBe("Developer");
    const created = await call("POST", "/v1/workspace/projects", {
      token: org.members.Viewer.token,
      json: { name: "Now allowed" },
    });
    expect(created.status).toBe(201);
    // Same role again: 200, nothing changes.
    expect(
      (await patch(org.members.Owner.token, org.members.Viewer.userId, { role: "Developer" })).status,
    ).toBe(200);
  });

  it("Developer, Member, Billing and Viewer may not manage members (403)", async () => {
    const org = await createOrg();
    for (const role of ["Developer", "Member", "Billing", "Viewer"] as const) {
      expectProblem(
        await patch(org.members[role].token, org.members.Viewer.userId, { role: "Member" }),
        403,
        "forbidden_workspace_role",
      );
      expectProblem(
        await remove(org.members[role].token, org.members.Viewer.userId),
        403,
        "forbidden_workspace_role",
      );
    }
  });

  it("only an Owner grants, changes or removes the Owner role", async () => {
    const org = await createOrg();
    const admin = org.members.Admin.token;
    expectProblem(
      await patch(admin, org.members.Viewer.userId, { role: "Owner" }),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(
      await patch(admin, org.members.Owner.userId, { role: "Admin" }),
      403,
      "forbidden_workspace_role",
    );
    expectProblem(await remove(admin, org.members.Owner.userId), 403, "forbidden_workspace_role");
    // An Owner may: a second Owner, who may then demote the first.
    const promoted = await patch(org.members.Owner.token, org.members.Admin.userId, { role: "Owner" });
    expect(promoted.status).toBe(200);
    expect((await patch(org.members.Admin.token, org.members.Owner.userId, { role: "Member" })).status).toBe(
      200,
    );
  });

  it("the last Owner can be neither demoted nor removed (409 last_owner)", async () => {
    const org = await createOrg();
    const owner = org.members.Owner;
    expectProblem(await patch(owner.token, owner.userId, { role: "Admin" }), 409, "last_owner");
    expectProblem(await remove(owner.token, owner.userId), 409, "last_owner");
    expect((await me(owner.token)).body.org.role).toBe("Owner");
  });

  it("two Owners demoting each other at once leave one Owner", async () => {
    const org = await createOrg();
    await patch(org.members.Owner.token, org.members.Admin.userId, { role: "Owner" });
    const [a, b] = await Promise.all([
      patch(org.members.Owner.token, org.members.Admin.userId, { role: "Member" }),
      patch(org.members.Admin.token, org.members.Owner.userId, { role: "Member" }),
    ]);
    const statuses = [a.status, b.status].sort();
    // Either one wins and the other is refused (409, or 401/403 once demoted), never both.
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    const list = await call<Page>("GET", "/v1/workspace/members", { token: org.members.Viewer.token });
    expect(list.body.items.filter((i) => i.role === "Owner")).toHaveLength(1);
  });

  it("another org's user, or no such user, is 404; a bad role is 422", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const token = org.members.Owner.token;
    expectProblem(await patch(token, other.members.Viewer.userId, { role: "Member" }), 404, "not_found");
    expectProblem(await remove(token, other.members.Viewer.userId), 404, "not_found");
    expectProblem(await patch(token, "usr_nope", { role: "Member" }), 404, "not_found");
    expect((await me(other.members.Viewer.token)).body.org.role).toBe("Viewer");
    for (const json of [{ role: "owner" }, { role: "King" }, {}, { role: 1 }]) {
      expectProblem(await patch(token, org.members.Viewer.userId, json), 422, "validation_failed");
    }
    expectProblem(
      await call("PATCH", `/v1/workspace/members/${org.members.Viewer.userId}`, {
        token,
        body: "{",
        headers: { "content-type": "application/json" },
      }),
      400,
      "invalid_json",
    );
  });
});

describe("DELETE /v1/workspace/members/:userId", () => {
  it("removes the member; their sessions stop at once (cookie and Bearer), other orgs untouched", async () => {
    const org = await createOrg();
    const second = await createOrg();
    const { memberships } = await import("@/db/schema");
    const { getDb } = await import("@/lib/db");
    await (await getDb())
      .insert(memberships)
      .values({ orgId: second.id, userId: org.members.Viewer.userId, role: "Member" });
    const cookieToken = await loginToken(org.members.Viewer.email, FIXTURE_PASSWORD);
    const res = await remove(org.members.Admin.token, org.members.Viewer.userId);
    expect(res.status).toBe(204);
    expect(res.text).toBe("");
    expectProblem(await me(org.members.Viewer.token), 401, "unauthenticated");
    expectProblem(
      await call("GET", "/v1/workspace/me", { headers: { cookie: `svc_session=${cookieToken}` } }),
      401,
      "unauthenticated",
    );
    const list = await call<Page>("GET", "/v1/workspace/members", { token: org.members.Owner.token });
    expect(list.body.items.map((i) => i.user_id)).not.toContain(org.members.Viewer.userId);
    expectProblem(await remove(org.members.Admin.token, org.members.Viewer.userId), 404, "not_found");
    // Still a member of the other org: signing in lands there.
    const again = await call<Identity>("POST", "/v1/auth/login", {
      json: { email: org.members.Viewer.email, password: FIXTURE_PASSWORD },
    });
    expect(again.body.org.id).toBe(second.id);
  });

  it("is audited with who removed whom", async () => {
    const org = await createOrg();
    await remove(org.members.Owner.token, org.members.Billing.userId);
    await patch(org.members.Owner.token, org.members.Member.userId, { role: "Viewer" });
    const log = await call<{ items: { action: string; target_id: string | null; actor: { id: string } }[] }>(
      "GET",
      "/v1/workspace/audit-log",
      { token: org.members.Owner.token },
    );
    expect(JSON.stringify(log.body)).toContain("member.removed");
    expect(JSON.stringify(log.body)).toContain("member.role_changed");
  });
});
