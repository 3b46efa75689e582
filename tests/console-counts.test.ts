import { beforeAll, describe, expect, it } from "vitest";
import { listCountText } from "@/app/_components/list-count";
import { orgInvitations, recordings } from "@/db/schema";
import { countAuditLog } from "@/lib/audit/list-audit-log";
import { COUNT_CAP } from "@/lib/count-cap";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { countMemberInvitations, listMemberInvitations } from "@/lib/members/list-member-invitations";
import { countMembers, listMembers } from "@/lib/members/list-members";
import { countConsoleRecordings } from "@/lib/recordings/list-console-recordings";
import { countRooms, listRooms } from "@/lib/rooms/list-rooms";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * Issue 49: every console list says how many match its filters, "25 of 66", not "25 shown"; the
 * counts use the lists' own filters (lib/pagination.ts countUpTo), stay within the org, and members
 * and invitations are searchable by name or address.
 */

let org: TestOrg;
let other: TestOrg;

async function room(o: TestOrg, name: string): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: o.members.Owner.token,
    json: { project_id: o.projectId, name },
  });
  return res.body;
}

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
  for (let i = 0; i < 7; i++) await room(org, `Count ${i}`);
  await room(org, "Other name");
  await room(other, "Count elsewhere");
  const db = await getDb();
  const r = await room(org, "Recorded");
  for (const day of ["01", "02", "03"])
    await db.insert(recordings).values({
      id: newId("recording"),
      orgId: org.id,
      projectId: org.projectId,
      roomId: r.id,
      state: "completed",
      objectKey: `k/${day}.mp4`,
      startedAt: new Date(`2026-06-${day}T09:00:00.000Z`),
    });
  for (const email of ["ada@example.test", "bob@example.test", "ada.l@other.test"])
    await db.insert(orgInvitations).values({
      id: newId("invitation"),
      orgId: org.id,
      email,
      role: "Viewer",
      tokenHash: newId("invitation"),
      invitedBy: org.members.Owner.userId,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
});

describe("list counts", () => {
  it("words a count the same everywhere: all shown, part shown, past the cap", () => {
    expect(listCountText(66, 66, "room", "rooms")).toBe("66 rooms");
    expect(listCountText(1, 1, "room", "rooms")).toBe("1 room");
    expect(listCountText(25, 66, "room", "rooms")).toBe("25 of 66 rooms");
    expect(listCountText(25, COUNT_CAP + 1, "room", "rooms")).toBe("25 of more than 10,000 rooms");
  });

  it("counts rooms with the list's own filters, within the org", async () => {
    const db = await getDb();
    expect(await countRooms(db, org.id, {})).toBe(9);
    expect(await countRooms(db, org.id, { q: "count" })).toBe(7);
    const page = await listRooms(db, org.id, { limit: 5, q: "count" });
    expect(page.items).toHaveLength(5);
    expect(await countRooms(db, other.id, { q: "count" })).toBe(1);
    expect(await countRooms(db, org.id, { state: "ended" })).toBe(0);
  });

  it("counts recordings across pages, with the room and date filters", async () => {
    const db = await getDb();
    expect(await countConsoleRecordings(db, org.id, {})).toBe(3);
    expect(await countConsoleRecordings(db, org.id, { room: "recor" })).toBe(3);
    expect(await countConsoleRecordings(db, org.id, { since: new Date("2026-06-02T00:00:00Z") })).toBe(2);
    expect(await countConsoleRecordings(db, other.id, {})).toBe(0);
  });

  it("searches and counts members by name or address, and Owners for the last-Owner rule", async () => {
    const db = await getDb();
    expect(await countMembers(db, org.id)).toBe(6);
    expect(await countMembers(db, org.id, { role: "Owner" })).toBe(1);
    const admins = await listMembers(db, org.id, { limit: 25, search: "ADMIN" });
    expect(admins.items.map((m) => m.role)).toEqual(["Admin"]);
    expect(await countMembers(db, org.id, { search: "admin" })).toBe(1);
    // LIKE's own characters are text, not wildcards.
    expect(await countMembers(db, org.id, { search: "%" })).toBe(0);
    expect(await countMembers(db, other.id, { search: "admin" })).toBe(1);
  });

  it("searches and counts open invitations by address", async () => {
    const db = await getDb();
    expect(await countMemberInvitations(db, org.id)).toBe(3);
    expect(await countMemberInvitations(db, org.id, "ada")).toBe(2);
    const found = await listMemberInvitations(db, org.id, { limit: 25, search: "bob@" });
    expect(found.items.map((i) => i.email)).toEqual(["bob@example.test"]);
    expect(await countMemberInvitations(db, other.id, "ada")).toBe(0);
  });

  it("counts the audit log with its filters", async () => {
    const db = await getDb();
    const r = await room(org, "Renamed");
    for (const name of ["Renamed once", "Renamed twice"])
      await call("PATCH", `/v1/workspace/rooms/${r.id}`, { token: org.members.Owner.token, json: { name } });
    expect(await countAuditLog(db, org.id, { action: "room.updated" })).toBe(2);
    expect(await countAuditLog(db, org.id, { action: "project.deleted" })).toBe(0);
    expect(await countAuditLog(db, other.id, { action: "room.updated" })).toBe(0);
  });
});
