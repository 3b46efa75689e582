import { beforeAll, describe, expect, it } from "vitest";
import { recordings, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import type { RecordingDto, RecordingState } from "@/lib/recordings/recording-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

type List = { items: RecordingDto[] };
let org: TestOrg;
let other: TestOrg;
const ids: Record<string, string> = {};

async function addRecording(o: TestOrg, roomId: string, state: RecordingState, startedAt: Date) {
  const id = newId("recording");
  const db = await getDb();
  await db.insert(recordings).values({
    id,
    orgId: o.id,
    projectId: o.projectId,
    roomId,
    state,
    startedAt,
    durationSec: state === "completed" ? 61 : null,
    sizeBytes: state === "completed" ? 5_000_000_000 : null,
    objectKey: `k/${id}`,
  });
  return id;
}

beforeAll(async () => {
  org = await createOrg();
  other = await createOrg();
  const db = await getDb();
  for (const o of [org, other]) {
    const roomId = newId("room");
    await db.insert(rooms).values({
      id: roomId,
      orgId: o.id,
      projectId: o.projectId,
      name: "r",
      type: "meeting",
      shortCode: `rec-${roomId}`,
    });
    ids[`${o.id}:room`] = roomId;
  }
  const roomId = ids[`${org.id}:room`] as string;
  ids.older = await addRecording(org, roomId, "completed", new Date("2026-01-01T10:00:00.000Z"));
  ids.newer = await addRecording(org, roomId, "completed", new Date("2026-02-01T10:00:00.000Z"));
  ids.started = await addRecording(org, roomId, "started", new Date());
  ids.failed = await addRecording(org, roomId, "failed", new Date());
  ids.foreign = await addRecording(other, ids[`${other.id}:room`] as string, "completed", new Date());
});

describe("GET /v1/workspace/recordings", () => {
  it("lists the org's completed recordings only, newest first, as items without a cursor", async () => {
    const res = await call<List>("GET", "/v1/workspace/recordings", { token: org.members.Viewer.token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["items"]);
    expect(res.body.items.map((r) => r.id)).toEqual([ids.newer, ids.older]);
    expect(res.body.items[0]).toEqual({
      id: ids.newer,
      room_id: ids[`${org.id}:room`],
      state: "completed",
      started_at: "2026-02-01T10:00:00.000Z",
      duration_sec: 61,
      size_bytes: 5_000_000_000,
    });
  });

  it("filters by room and project, still within the org", async () => {
    const token = org.members.Member.token;
    const byRoom = await call<List>("GET", "/v1/workspace/recordings", {
      token,
      query: { room_id: ids[`${other.id}:room`] as string },
    });
    expect(byRoom.body.items).toEqual([]);
    const byProject = await call<List>("GET", "/v1/workspace/recordings", {
      token,
      query: { project_id: org.projectId },
    });
    expect(byProject.body.items).toHaveLength(2);
  });

  it("422 for an empty filter value", async () => {
    expectProblem(
      await call("GET", "/v1/workspace/recordings", {
        token: org.members.Owner.token,
        query: { room_id: "" },
      }),
      422,
      "validation_failed",
    );
  });
});
