import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { getMailboxEmail, listMailbox } from "@/lib/email/list-mailbox";
import { processDueEmails } from "@/lib/email/process-due-emails";
import type { InvitationResult } from "@/lib/invitations/invitation-schema";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
let other: TestOrg;
let room: RoomDto;

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
  room = (
    await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId, name: "Mailbox room" },
    })
  ).body;
  const res = await call<InvitationResult>("POST", "/v1/workspace/meet/invitations", {
    token: org.members.Admin.token,
    json: { room_id: room.id, recipients: ["a@mb.example", "b@mb.example"] },
  });
  expect(res.status).toBe(200);
  await processDueEmails(await getDb(), new Date());
});

describe("the local mailbox (no RESEND_API_KEY)", () => {
  it("lists the org's emails, delivered to the mailbox, with the room they invite to", async () => {
    const items = await listMailbox(await getDb(), { orgId: org.id });
    expect(items.map((i) => i.to).sort()).toEqual(["a@mb.example", "b@mb.example"]);
    for (const i of items) {
      expect(i).toMatchObject({ state: "sent", transport: "mailbox", roomName: "Mailbox room" });
      expect(i.subject).toContain("Mailbox room");
    }
    expect(await listMailbox(await getDb(), { orgId: org.id }, { roomId: room.id })).toHaveLength(2);
    expect(await listMailbox(await getDb(), { orgId: org.id }, { roomId: "rm_other" })).toHaveLength(0);
  });

  it("opens one email with its rendered HTML and text, only within its org", async () => {
    const db = await getDb();
    const [first] = await listMailbox(db, { orgId: org.id });
    if (!first) throw new Error("empty mailbox");
    const email = await getMailboxEmail(db, { orgId: org.id }, first.id);
    expect(email?.html).toContain("<!DOCTYPE html>");
    expect(email?.text).toContain("/r/");
    expect(await getMailboxEmail(db, { orgId: other.id }, first.id)).toBeNull();
    expect(await listMailbox(db, { orgId: other.id })).toEqual([]);
  });
});
