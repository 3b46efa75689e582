import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { emails, invitations, rooms } from "@/db/schema";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import type { InvitationResult } from "@/lib/invitations/invitation-schema";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

const PATH = "/v1/workspace/meet/invitations";
let org: TestOrg;
let other: TestOrg;
let room: RoomDto;
let otherRoom: RoomDto;

async function createRoom(o: TestOrg, name: string): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: o.members.Owner.token,
    json: { project_id: o.projectId, name, type: "webinar" },
  });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
  room = await createRoom(org, "Quarterly <Review> & Co");
  otherRoom = await createRoom(other, "Elsewhere");
});
afterEach(() => overrideEnvForTests({}));

const invite = (json: unknown, token = org.members.Member.token) =>
  call<InvitationResult>("POST", PATH, { token, json });

async function emailsOf(invitationId: string) {
  const db = await getDb();
  return db.select().from(emails).where(eq(emails.invitationId, invitationId));
}

describe("POST /v1/workspace/meet/invitations", () => {
  it("queues one email per valid recipient and reports the count", async () => {
    const res = await invite({ room_id: room.id, recipients: ["ann@example.com", "bob@example.org"] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ queued: 2, rejected: [] });
    expect(res.body.invitation_id).toMatch(/^inv_/);
    const rows = await emailsOf(res.body.invitation_id);
    expect(rows.map((r) => r.to).sort()).toEqual(["ann@example.com", "bob@example.org"]);
    for (const r of rows) {
      expect(r.state).toBe("queued");
      expect(r.orgId).toBe(org.id);
      expect(r.id).toMatch(/^eml_/);
    }
    expect(res.body.recipients.map((r) => r.email).sort()).toEqual(["ann@example.com", "bob@example.org"]);
    for (const r of res.body.recipients)
      expect(r.release_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("trims, de-duplicates case-insensitively, and lists invalid inputs exactly as given", async () => {
    const res = await invite({
      room_id: room.id,
      recipients: [
        "  Carol@Example.com ",
        "carol@example.COM",
        "CAROL@EXAMPLE.COM",
        " not-an-address ",
        "dave@",
        "Dan <dan@example.net>",
        "dan@EXAMPLE.net",
        "a@b.com, c@d.com",
        "",
        "x@localhost",
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.queued).toBe(2);
    expect(res.body.rejected).toEqual([" not-an-address ", "dave@", "a@b.com, c@d.com", "", "x@localhost"]);
    const rows = await emailsOf(res.body.invitation_id);
    expect(rows.map((r) => r.to).sort()).toEqual(["Carol@Example.com", "dan@example.net"]);
  });

  it("accepts quoted and internationalised RFC 5322 addresses (a maintained parser, not a regex)", async () => {
    const res = await invite({
      room_id: room.id,
      recipients: [
        '"john smith"@example.com',
        "jürgen@bücher.example",
        "x(comment)@example.com",
        "a..b@example.com",
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.rejected).toEqual(["a..b@example.com"]);
    const rows = await emailsOf(res.body.invitation_id);
    expect(rows.map((r) => r.to).sort()).toEqual([
      '"john smith"@example.com',
      "jürgen@bücher.example",
      "x@example.com",
    ]);
  });

  it("takes the room's short code, with or without dashes and in any case", async () => {
    for (const ref of [room.short_code, room.short_code.replace(/-/g, "").toUpperCase()]) {
      const res = await invite({ room_id: ref, recipients: ["sc@example.com"] });
      expect(res.status).toBe(200);
      const db = await getDb();
      const [inv] = await db.select().from(invitations).where(eq(invitations.id, res.body.invitation_id));
      expect(inv?.roomId).toBe(room.id);
      expect(inv?.invitedBy).toBe(org.members.Member.userId);
    }
  });

  it("renders a branded email naming the room, the inviter and the share link, never the room id", async () => {
    const res = await invite({ room_id: room.id, recipients: ["look@example.com"] });
    const [row] = await emailsOf(res.body.invitation_id);
    if (!row) throw new Error("no email row");
    // No SVC_MEET_HOST in tests: the link follows SVC_BASE_URL (http://localhost:3000).
    const link = `http://localhost:3000/r/${room.short_code}`;
    expect(row.subject).toBe("Member Person invited you to “Quarterly <Review> & Co”");
    expect(row.html).toContain(`href="${link}"`);
    expect(row.html).toContain("Quarterly &lt;Review&gt; &amp; Co");
    expect(row.html).not.toContain("<Review>");
    expect(row.html).toContain("Member Person");
    expect(row.html).toContain(org.members.Member.email);
    expect(row.html).toContain("webinar");
    expect(row.text).toContain(link);
    expect(row.text).toContain('"Quarterly <Review> & Co"');
    expect(row.text).toContain("Member Person");
    expect(`${row.html}${row.text}${row.subject}`).not.toContain(room.id);
  });

  it("escapes the note in the HTML and keeps it verbatim in the text part", async () => {
    const note = `Bring <script>alert("x")</script> & 'snacks'\nsecond line`;
    const res = await invite({ room_id: room.id, recipients: ["note@example.com"], note });
    expect(res.status).toBe(200);
    const [row] = await emailsOf(res.body.invitation_id);
    expect(row?.html).toContain(
      "Bring &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;snacks&#39;<br>",
    );
    expect(row?.html).not.toContain("<script>");
    expect(row?.text).toContain(note);
    const db = await getDb();
    const [inv] = await db.select().from(invitations).where(eq(invitations.id, res.body.invitation_id));
    expect(inv?.note).toBe(note);
  });

  it("accepts a note of exactly 2000 characters and refuses 2001", async () => {
    expect(
      (await invite({ room_id: room.id, recipients: ["n@example.com"], note: "n".repeat(2000) })).status,
    ).toBe(200);
    const res = await invite({ room_id: room.id, recipients: ["n@example.com"], note: "n".repeat(2001) });
    const body = expectProblem(res, 422, "validation_failed");
    expect(body.errors).toEqual([expect.objectContaining({ path: "note" })]);
  });

  it("accepts 50 entries and refuses 51 (counted as sent, before de-duplication)", async () => {
    const fifty = Array.from({ length: 50 }, (_, i) => `p${i}@example.com`);
    const ok = await invite({ room_id: room.id, recipients: fifty });
    expect(ok.body.queued).toBe(50);
    const dupes = Array.from({ length: 51 }, () => "same@example.com");
    const res = await invite({ room_id: room.id, recipients: dupes });
    const body = expectProblem(res, 422, "validation_failed");
    expect(body.errors).toEqual([expect.objectContaining({ path: "recipients" })]);
  });

  it("is 422 when no recipient is valid, and queues nothing", async () => {
    const db = await getDb();
    const before = await db.select().from(emails).where(eq(emails.orgId, org.id));
    const res = await invite({ room_id: room.id, recipients: ["nope", "  "] });
    const body = expectProblem(res, 422, "validation_failed");
    expect(body.errors).toHaveLength(2);
    const after = await db.select().from(emails).where(eq(emails.orgId, org.id));
    expect(after.length).toBe(before.length);
  });

  it.each([
    ["no recipients", { recipients: undefined }],
    ["empty recipients", { recipients: [] }],
    ["recipients not an array", { recipients: "a@example.com" }],
    ["a recipient that is not a string", { recipients: ["a@example.com", 7] }],
    ["no room_id", { room_id: undefined }],
    ["room_id not a string", { room_id: 12 }],
    ["note not a string", { note: ["x"] }],
  ])("is 422 for %s", async (_label, patch) => {
    const res = await invite({ room_id: room.id, recipients: ["v@example.com"], ...patch });
    expectProblem(res, 422, "validation_failed");
  });

  it("is 404 for an unknown room and for another org's room (by id and by short code)", async () => {
    for (const ref of [
      "rm_doesnotexist0000000000",
      "abc-defg-hjk",
      otherRoom.id,
      otherRoom.short_code,
      "junk",
    ]) {
      expectProblem(await invite({ room_id: ref, recipients: ["v@example.com"] }), 404, "not_found");
    }
  });

  it("is 409 room_ended for a room that has ended", async () => {
    const ended = await createRoom(org, "Done");
    const db = await getDb();
    await db.update(rooms).set({ state: "ended" }).where(eq(rooms.id, ended.id));
    expectProblem(await invite({ room_id: ended.id, recipients: ["v@example.com"] }), 409, "room_ended");
  });

  it("lets Owner, Admin, Developer, Member and Billing invite; Viewer gets 403", async () => {
    for (const role of ROLES) {
      const res = await invite(
        { room_id: room.id, recipients: [`${role}@example.com`] },
        org.members[role].token,
      );
      if (role === "Viewer") expectProblem(res, 403, "forbidden_workspace_role");
      else expect(res.status, role).toBe(200);
    }
  });

  it("is 401 without a session", async () => {
    expectProblem(
      await call("POST", PATH, { json: { room_id: room.id, recipients: ["v@example.com"] } }),
      401,
      "unauthenticated",
    );
  });

  it("is 402 plan_required in cloud mode for an org without a plan, and fine with one", async () => {
    const noPlan = await createOrg({ planSelected: false });
    const r = await createRoom(noPlan, "Unplanned").catch(() => undefined);
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    expectProblem(
      await invite({ room_id: r?.id ?? "rm_x", recipients: ["v@example.com"] }, noPlan.members.Owner.token),
      402,
      "plan_required",
    );
    expect((await invite({ room_id: room.id, recipients: ["v@example.com"] })).status).toBe(200);
  });

  it("answers malformed bodies and other methods with problems, never 500", async () => {
    const token = org.members.Owner.token;
    expectProblem(
      await call("POST", PATH, { token, body: "{nope", headers: { "content-type": "application/json" } }),
      400,
      "invalid_json",
    );
    expectProblem(
      await call("POST", PATH, { token, body: "a=b", headers: { "content-type": "text/plain" } }),
      415,
      "unsupported_media_type",
    );
    expectProblem(await call("POST", PATH, { token, json: [1, 2] }), 422, "validation_failed");
    expectProblem(await call("GET", PATH, { token }), 405, "method_not_allowed");
  });

  it("scopes everything it writes to the caller's org", async () => {
    const res = await invite({ room_id: room.id, recipients: ["scope@example.com"] });
    const db = await getDb();
    const mine = await db
      .select()
      .from(emails)
      .where(and(eq(emails.invitationId, res.body.invitation_id), eq(emails.orgId, other.id)));
    expect(mine).toEqual([]);
  });
});
