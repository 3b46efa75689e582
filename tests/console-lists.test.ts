import { beforeAll, describe, expect, it } from "vitest";
import { recordings } from "@/db/schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { listConsoleRecordings } from "@/lib/recordings/list-console-recordings";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/** Issue 38 item 5: recordings searched by room and date range, paged server-side, org-scoped. */

let org: TestOrg;
let other: TestOrg;
let standup: RoomDto;
let retro: RoomDto;

async function room(o: TestOrg, name: string) {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: o.members.Owner.token,
    json: { project_id: o.projectId, name },
  });
  return res.body;
}

async function recording(o: TestOrg, r: RoomDto, startedAt: string) {
  const db = await getDb();
  const id = newId("recording");
  await db.insert(recordings).values({
    id,
    orgId: o.id,
    projectId: o.projectId,
    roomId: r.id,
    state: "completed",
    objectKey: `recordings/${id}.mp4`,
    startedAt: new Date(startedAt),
    durationSec: 60,
    sizeBytes: 1000,
  });
  return id;
}

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
  standup = await room(org, "Standup daily");
  retro = await room(org, "Retro 50%_off");
  await recording(org, standup, "2026-05-01T09:00:00.000Z");
  await recording(org, standup, "2026-05-02T09:00:00.000Z");
  await recording(org, retro, "2026-05-03T09:00:00.000Z");
  await recording(org, retro, "2026-05-03T18:00:00.000Z");
  await recording(other, await room(other, "Standup daily"), "2026-05-02T10:00:00.000Z");
});

const starts = (items: { started_at: string }[]) => items.map((r) => r.started_at.slice(0, 13));

describe("the console's recordings list", () => {
  it("filters by room (id, share code or name prefix), within the org", async () => {
    const db = await getDb();
    for (const ref of [
      standup.id,
      standup.short_code,
      standup.short_code.replace(/-/g, "").toUpperCase(),
      "stand",
    ]) {
      const { items } = await listConsoleRecordings(db, org.id, { room: ref });
      expect(starts(items), ref).toEqual(["2026-05-02T09", "2026-05-01T09"]);
    }
    expect((await listConsoleRecordings(db, org.id, { room: "retro 50%_" })).items).toHaveLength(2);
    expect((await listConsoleRecordings(db, org.id, { room: "%" })).items).toHaveLength(0);
    expect((await listConsoleRecordings(db, other.id, { room: standup.id })).items).toHaveLength(0);
  });

  it("filters by a date range and pages by started_at", async () => {
    const db = await getDb();
    const range = await listConsoleRecordings(db, org.id, {
      since: new Date("2026-05-02T00:00:00.000Z"),
      until: new Date("2026-05-03T00:00:00.000Z"),
    });
    expect(starts(range.items)).toEqual(["2026-05-02T09"]);
    const first = await listConsoleRecordings(db, org.id, {}, 2);
    expect(starts(first.items)).toEqual(["2026-05-03T18", "2026-05-03T09"]);
    expect(first.nextUntil).toBe("2026-05-03T09:00:00.000Z");
    const second = await listConsoleRecordings(db, org.id, { until: new Date(first.nextUntil ?? "") }, 2);
    expect(starts(second.items)).toEqual(["2026-05-02T09", "2026-05-01T09"]);
    expect(second.nextUntil).toBeNull();
  });
});

describe("the audit log's filters and CSV export", () => {
  it("records project creation, filters by action, actor and date range, and exports the filtered view", async () => {
    const { auditLog } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const { exportAuditCsv, csvCell } = await import("@/lib/audit/export-audit-csv");
    const created = await call<{ id: string }>("POST", "/v1/workspace/projects", {
      token: org.members.Developer.token,
      json: { name: "=cmd|' /C calc'!A0" },
    });
    expect(created.status, created.text).toBe(201);
    const list = (query: string) =>
      call<{ items: { action: string; actor: { id: string; type: string }; created_at: string }[] }>(
        "GET",
        `/v1/workspace/audit-log?${query}`,
        { token: org.members.Owner.token },
      );
    const byAction = await list("action=project.created");
    expect(byAction.status, byAction.text).toBe(200);
    expect(byAction.body.items).toHaveLength(1);
    expect(byAction.body.items[0]?.actor.id).toBe(org.members.Developer.userId);
    const byActor = await list(`actor_id=${org.members.Developer.userId}`);
    expect(byActor.body.items.every((e) => e.actor.id === org.members.Developer.userId)).toBe(true);
    expect((await list("actor_type=system")).body.items).toEqual([]);
    expect((await list("since=2999-01-01T00:00:00Z")).body.items).toEqual([]);
    expect((await list("until=2000-01-01T00:00:00Z")).body.items).toEqual([]);
    const bad = await list("since=yesterday");
    expect(bad.status).toBe(422);
    expect((await list("actor_type=robot")).status).toBe(422);
    // Another org sees none of it.
    const theirs = await call<{ items: unknown[] }>("GET", "/v1/workspace/audit-log?action=project.created", {
      token: other.members.Owner.token,
    });
    expect(theirs.body.items).toEqual([]);

    const db = await getDb();
    const csv = await exportAuditCsv(db, org.id, { action: "project.created" });
    expect(csv.rows).toBe(1);
    expect(csv.truncated).toBe(false);
    const lines = csv.csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "created_at,action,actor_type,actor_id,actor,target_type,target_id,ip,user_agent,request_id,metadata",
    );
    expect(lines[1]).toContain(",project.created,user,");
    // The project's name, a formula, is neutralised inside the metadata cell.
    expect(lines[1]).not.toMatch(/,=cmd/);
    const rows = await db.select().from(auditLog).where(eq(auditLog.orgId, org.id));
    const capped = await exportAuditCsv(db, org.id, {}, 1);
    expect(capped.rows).toBe(1);
    expect(capped.truncated).toBe(rows.length > 1);
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell(null)).toBe("");
  });
});

describe("a link into another org of yours", () => {
  it("names that org only to its members, and never the current one", async () => {
    const { memberships } = await import("@/db/schema");
    const { findOtherOrgOf } = await import("@/lib/members/find-other-org");
    const db = await getDb();
    const theirRoom = await room(other, "Their room");
    const me = { userId: org.members.Developer.userId, orgId: org.id };
    expect(await findOtherOrgOf(db, me, theirRoom.id)).toBeUndefined();
    await db.insert(memberships).values({ orgId: other.id, userId: me.userId, role: "Viewer" });
    expect(await findOtherOrgOf(db, me, theirRoom.id)).toEqual({ id: other.id, name: other.name });
    expect(await findOtherOrgOf(db, me, other.projectId)).toEqual({ id: other.id, name: other.name });
    // A mailbox email of the other org too; an account email (no org) never names one.
    const { insertEmail } = await import("./helpers/email-fixtures");
    const theirEmail = await insertEmail(other.id);
    expect(await findOtherOrgOf(db, me, theirEmail)).toEqual({ id: other.id, name: other.name });
    const accountEmail = await insertEmail(other.id, { orgId: null, kind: "account" });
    expect(await findOtherOrgOf(db, me, accountEmail)).toBeUndefined();
    expect(await findOtherOrgOf(db, me, standup.id)).toBeUndefined();
    expect(await findOtherOrgOf(db, me, "rm_unknown")).toBeUndefined();
    expect(await findOtherOrgOf(db, me, "not-an-id")).toBeUndefined();
  });
});
