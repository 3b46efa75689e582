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
