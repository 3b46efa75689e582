import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails, orgInvitations } from "@/db/schema";
import { getDb } from "@/lib/db";
import { processDueEmails } from "@/lib/email/process-due-emails";
import type { Identity } from "@/lib/identity/identity-schema";
import type { MemberInvitationDto } from "@/lib/members/member-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD, type TestOrg } from "./helpers/fixtures";
import { linkToken, sessionToken, waitForEmail } from "./helpers/teams";

const invite = (token: string, json: unknown) =>
  call<MemberInvitationDto>("POST", "/v1/workspace/members/invitations", { token, json });
const accept = (json: unknown) => call<Identity>("POST", "/v1/auth/invitations/accept", { json });

let n = 0;
const address = () => `invitee${++n}.${Date.now()}@example.test`;

async function invited(org: TestOrg, role = "Admin", by = org.members.Owner.token) {
  const email = address();
  const res = await invite(by, { email, role });
  expect(res.status, res.text).toBe(201);
  const mail = await waitForEmail(email);
  return { email, invitation: res.body, token: linkToken(mail.text, "accept-invite"), mail };
}

describe("POST /v1/workspace/members/invitations", () => {
  it("creates an invitation and emails a single-use accept link at once, outside the cap", async () => {
    const org = await createOrg({ name: "Invite Org" });
    const { email, invitation, mail, token } = await invited(org, "Developer");
    expect(invitation).toEqual({
      id: expect.stringMatching(/^inv_/),
      email,
      role: "Developer",
      status: "pending",
      expires_at: expect.any(String),
      created_at: expect.any(String),
    });
    const ttl = Date.parse(invitation.expires_at) - Date.parse(invitation.created_at);
    expect(ttl).toBe(7 * 24 * 3600 * 1000);
    expect(mail).toMatchObject({ kind: "account", orgId: org.id, state: "queued" });
    expect(mail.releaseAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(mail.text).toContain(`http://localhost:3000/accept-invite/${token}`);
    expect(mail.subject).toContain("Invite Org");
    // Only the hash is stored.
    const [row] = await (await getDb())
      .select()
      .from(orgInvitations)
      .where(eq(orgInvitations.id, invitation.id));
    expect(row?.tokenHash).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(token);
    await processDueEmails(await getDb(), new Date());
    const [sent] = await (await getDb()).select().from(emails).where(eq(emails.id, mail.id));
    expect(sent?.state).toBe("sent");
  });

  it("goes out even when the org's room-invitation cap is exhausted, and does not count in it", async () => {
    const org = await createOrg();
    const db = await getDb();
    const { newId } = await import("@/lib/ids");
    const now = new Date();
    await db.insert(emails).values(
      Array.from({ length: 200 }, (_, i) => ({
        id: newId("email"),
        orgId: org.id,
        to: `r${i}@example.test`,
        subject: "s",
        html: "h",
        text: "t",
        state: "sent" as const,
        sentAt: now,
        releaseAt: now,
      })),
    );
    const { mail } = await invited(org);
    expect(mail.releaseAt.getTime()).toBeLessThanOrEqual(Date.now());
    await processDueEmails(db, new Date());
    const [row] = await db.select().from(emails).where(eq(emails.id, mail.id));
    expect(row?.state).toBe("sent");
    const { takenSlots } = await import("@/lib/email/slots");
    expect(await takenSlots(db, org.id, new Date())).toHaveLength(200);
  });

  it("refuses members (409 already_member), bad input (422), Admins inviting Owners (403), other roles (403)", async () => {
    const org = await createOrg();
    expectProblem(
      await invite(org.members.Owner.token, { email: org.members.Viewer.email.toUpperCase(), role: "Admin" }),
      409,
      "already_member",
    );
    for (const json of [
      { email: "not-an-address", role: "Admin" },
      { email: address(), role: "Emperor" },
      { email: address() },
      { role: "Admin" },
      { email: 12, role: "Admin" },
    ]) {
      expectProblem(await invite(org.members.Owner.token, json), 422, "validation_failed");
    }
    expectProblem(
      await invite(org.members.Admin.token, { email: address(), role: "Owner" }),
      403,
      "forbidden_workspace_role",
    );
    for (const role of ["Developer", "Member", "Billing", "Viewer"] as const) {
      expectProblem(
        await invite(org.members[role].token, { email: address(), role: "Viewer" }),
        403,
        "forbidden_workspace_role",
      );
    }
    expect((await invite(org.members.Owner.token, { email: address(), role: "Owner" })).status).toBe(201);
  });

  it("a new invitation of the same address replaces the pending one", async () => {
    const org = await createOrg();
    const email = address();
    await invite(org.members.Owner.token, { email, role: "Viewer" });
    const first = linkToken((await waitForEmail(email)).text, "accept-invite");
    const since = new Date();
    await invite(org.members.Owner.token, { email, role: "Developer" });
    const second = linkToken((await waitForEmail(email, { after: since })).text, "accept-invite");
    expectProblem(
      await accept({ token: first, display_name: "X", password: "long-enough-pw" }),
      410,
      "invitation_expired",
    );
    const list = await call<{ items: MemberInvitationDto[] }>("GET", "/v1/workspace/members/invitations", {
      token: org.members.Viewer.token,
    });
    expect(list.body.items.filter((i) => i.email === email).map((i) => i.role)).toEqual(["Developer"]);
    const ok = await accept({ token: second, display_name: "Dev", password: "long-enough-pw" });
    expect(ok.body.org.role).toBe("Developer");
  });
});

describe("listing, revoking and resending", () => {
  it("lists open invitations of the org only, newest first, with keyset pages", async () => {
    const org = await createOrg();
    const other = await createOrg();
    await invited(other);
    const made = [await invited(org), await invited(org), await invited(org)];
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const res = await call<{ items: MemberInvitationDto[]; next_cursor: string | null }>(
        "GET",
        "/v1/workspace/members/invitations",
        { token: org.members.Viewer.token, query: { limit: 2, cursor } },
      );
      expect(res.status).toBe(200);
      seen.push(...res.body.items.map((i) => i.id));
      cursor = res.body.next_cursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual(made.map((m) => m.invitation.id).reverse());
    expectProblem(
      await call("GET", "/v1/workspace/members/invitations", {
        token: org.members.Viewer.token,
        query: { limit: -1 },
      }),
      422,
      "validation_failed",
    );
  });

  it("revoking stops the link at once; another org's invitation is 404", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const { invitation, token } = await invited(org);
    expectProblem(
      await call("DELETE", `/v1/workspace/members/invitations/${invitation.id}`, {
        token: other.members.Owner.token,
      }),
      404,
      "not_found",
    );
    expectProblem(
      await call("DELETE", `/v1/workspace/members/invitations/${invitation.id}`, {
        token: org.members.Viewer.token,
      }),
      403,
      "forbidden_workspace_role",
    );
    const res = await call("DELETE", `/v1/workspace/members/invitations/${invitation.id}`, {
      token: org.members.Admin.token,
    });
    expect(res.status).toBe(204);
    expectProblem(
      await accept({ token, display_name: "Late", password: "long-enough-pw" }),
      410,
      "invitation_expired",
    );
    expectProblem(
      await call("DELETE", `/v1/workspace/members/invitations/${invitation.id}`, {
        token: org.members.Admin.token,
      }),
      404,
      "not_found",
    );
  });

  it("an Admin cannot revoke or resend an Owner invitation", async () => {
    const org = await createOrg();
    const { invitation } = await invited(org, "Owner");
    for (const [method, suffix] of [
      ["DELETE", ""],
      ["POST", "/resend"],
    ] as const) {
      expectProblem(
        await call(method, `/v1/workspace/members/invitations/${invitation.id}${suffix}`, {
          token: org.members.Admin.token,
        }),
        403,
        "forbidden_workspace_role",
      );
    }
  });

  it("resending keeps the invitation's id with a fresh link valid 7 days from now; the old link answers 410", async () => {
    const org = await createOrg();
    const { email, invitation, token } = await invited(org);
    const db = await getDb();
    // Expired meanwhile: still listed (status expired), and resendable.
    await db
      .update(orgInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orgInvitations.id, invitation.id));
    expectProblem(
      await accept({ token, display_name: "A", password: "long-enough-pw" }),
      410,
      "invitation_expired",
    );
    const listed = await call<{ items: MemberInvitationDto[] }>("GET", "/v1/workspace/members/invitations", {
      token: org.members.Owner.token,
    });
    expect(listed.body.items.find((i) => i.id === invitation.id)?.status).toBe("expired");
    const since = new Date();
    const res = await call<MemberInvitationDto>(
      "POST",
      `/v1/workspace/members/invitations/${invitation.id}/resend`,
      {
        token: org.members.Owner.token,
      },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe("pending");
    // The same invitation: a client that resends can then revoke or find it by the id it holds.
    expect(res.body.id).toBe(invitation.id);
    expect(res.body.created_at).toBe(invitation.created_at);
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.now() + 6 * 24 * 3600 * 1000);
    const open = await call<{ items: MemberInvitationDto[] }>("GET", "/v1/workspace/members/invitations", {
      token: org.members.Owner.token,
    });
    expect(open.body.items.filter((i) => i.email === email)).toEqual([res.body]);
    const fresh = linkToken((await waitForEmail(email, { after: since })).text, "accept-invite");
    expect(fresh).not.toBe(token);
    expectProblem(
      await accept({ token, display_name: "A", password: "long-enough-pw" }),
      410,
      "invitation_expired",
    );
    expect((await accept({ token: fresh, display_name: "A", password: "long-enough-pw" })).status).toBe(200);
    expectProblem(
      await call("POST", `/v1/workspace/members/invitations/${invitation.id}/resend`, {
        token: org.members.Owner.token,
      }),
      404,
      "not_found",
    );
  });

  it("an invitation resent twice is revoked by its one id, and every link it had stops working", async () => {
    const org = await createOrg();
    const { email, invitation, token } = await invited(org);
    const tokens = [token];
    for (let i = 0; i < 2; i++) {
      const since = new Date();
      const res = await call<MemberInvitationDto>(
        "POST",
        `/v1/workspace/members/invitations/${invitation.id}/resend`,
        { token: org.members.Owner.token },
      );
      expect(res.status, res.text).toBe(200);
      expect(res.body.id).toBe(invitation.id);
      tokens.push(linkToken((await waitForEmail(email, { after: since })).text, "accept-invite"));
    }
    const revoked = await call("DELETE", `/v1/workspace/members/invitations/${invitation.id}`, {
      token: org.members.Owner.token,
    });
    expect(revoked.status, revoked.text).toBe(204);
    for (const t of tokens) {
      expectProblem(
        await accept({ token: t, display_name: "A", password: "long-enough-pw" }),
        410,
        "invitation_expired",
      );
    }
    const open = await call<{ items: MemberInvitationDto[] }>("GET", "/v1/workspace/members/invitations", {
      token: org.members.Owner.token,
    });
    expect(open.body.items.filter((i) => i.email === email)).toEqual([]);
  });
});

describe("POST /v1/auth/invitations/accept", () => {
  it("creates the user, adds the membership and signs in like login; the link works once", async () => {
    const org = await createOrg({ name: "Joinable" });
    const { email, token } = await invited(org, "Admin");
    const res = await accept({ token, display_name: "New Admin", password: "a-good-password" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      email,
      display_name: "New Admin",
      org: { id: org.id, name: "Joinable", role: "Admin" },
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    for (const attr of ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"]) expect(cookie).toContain(attr);
    const me = await call<Identity>("GET", "/v1/workspace/me", { token: sessionToken(res) });
    expect(me.body.org.role).toBe("Admin");
    expectProblem(
      await accept({ token, display_name: "Again", password: "a-good-password" }),
      410,
      "invitation_expired",
    );
    const login = await call("POST", "/v1/auth/login", { json: { email, password: "a-good-password" } });
    expect(login.status).toBe(200);
  });

  it("an address that already has an account proves it with its password and gains the membership", async () => {
    const home = await createOrg();
    const org = await createOrg();
    const existing = home.members.Developer.email;
    const res = await invite(org.members.Owner.token, { email: existing, role: "Viewer" });
    expect(res.status).toBe(201);
    const token = linkToken((await waitForEmail(existing)).text, "accept-invite");
    expectProblem(await accept({ token, password: "wrong-password!" }), 401, "invalid_credentials");
    const ok = await accept({ token, password: FIXTURE_PASSWORD });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.org).toMatchObject({ id: org.id, role: "Viewer" });
    const orgs = await call<{ items: { id: string }[] }>("GET", "/v1/workspace/me/orgs", {
      token: sessionToken(ok),
    });
    expect(orgs.body.items.map((o) => o.id).sort()).toEqual([home.id, org.id].sort());
  });

  it("unknown token 404, expired 410, bad input 422, and concurrent accepts succeed once", async () => {
    const org = await createOrg();
    expectProblem(
      await accept({ token: "nope", display_name: "X", password: "long-enough-pw" }),
      404,
      "not_found",
    );
    const { token, invitation } = await invited(org);
    for (const json of [
      { token, display_name: "X", password: "short" },
      { token, display_name: "X", password: "y".repeat(257) },
      { token, password: "long-enough-pw" },
      { token, display_name: "", password: "long-enough-pw" },
      { display_name: "X", password: "long-enough-pw" },
      { token: 5, display_name: "X", password: "long-enough-pw" },
    ]) {
      expectProblem(await accept(json), 422, "validation_failed");
    }
    const results = await Promise.all([
      accept({ token, display_name: "One", password: "long-enough-pw" }),
      accept({ token, display_name: "Two", password: "long-enough-pw" }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 410].sort((a, b) => a - b));
    const other = await invited(org);
    await (await getDb())
      .update(orgInvitations)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(orgInvitations.id, other.invitation.id));
    expectProblem(
      await accept({ token: other.token, display_name: "X", password: "long-enough-pw" }),
      410,
      "invitation_expired",
    );
    expect(invitation.id).toMatch(/^inv_/);
  });
});
