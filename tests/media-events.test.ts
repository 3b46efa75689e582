import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { events, mediaReports, recordings, roomParticipants, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import type { RecordingDto } from "@/lib/recordings/recording-schema";
import type { RoomDto } from "@/lib/rooms/room-schema";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

const SECRET = "test-media-ingest-secret";
let org: TestOrg;
let seq = 0;

beforeAll(async () => {
  org = await createOrg({ name: "Media Org" });
});
afterEach(() => overrideEnvForTests({}));

async function newRoom(): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId },
  });
  expect(res.status).toBe(201);
  return res.body;
}

function report(body: Record<string, unknown>, authorization = `Bearer ${SECRET}`) {
  return call("POST", "/v1/internal/media-events", { headers: { authorization }, json: body });
}

/** A report with a fresh reporter id unless one is given; asserts the 202. */
async function send(body: Record<string, unknown>) {
  const res = await report({ id: `rep-${++seq}`, ...body });
  expect(res.status, res.text).toBe(202);
  expect(res.body).toEqual({ accepted: true });
}

const join = (roomId: string, identity: string, occurred_at?: string) =>
  send({
    type: "participant.joined",
    room_id: roomId,
    participant: { identity },
    ...(occurred_at ? { occurred_at } : {}),
  });
const leave = (roomId: string, identity: string, occurred_at?: string) =>
  send({
    type: "participant.left",
    room_id: roomId,
    participant: { identity },
    ...(occurred_at ? { occurred_at } : {}),
  });

async function roomRow(id: string) {
  const [row] = await (await getDb()).select().from(rooms).where(eq(rooms.id, id));
  if (!row) throw new Error(`no room ${id}`);
  return row;
}

interface EventPayload {
  id: string;
  type: string;
  org_id: string;
  project_id: string;
  data: { object: Record<string, unknown> };
}

/** Events about one room (by the room id inside the object), oldest first. */
async function eventsFor(roomId: string, type?: DeliveryEventType): Promise<EventPayload[]> {
  const rows = await (await getDb())
    .select()
    .from(events)
    .where(and(eq(events.orgId, org.id), type ? eq(events.type, type) : undefined))
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows
    .map((r) => r.payload as EventPayload)
    .filter((p) => p.data.object.room_id === roomId || p.data.object.id === roomId);
}

describe("POST /v1/internal/media-events: authentication", () => {
  it("accepts only the ingest secret as a Bearer token", async () => {
    const room = await newRoom();
    const body = { id: "auth-1", type: "room.ended", room_id: room.id };
    for (const authorization of [
      "",
      `Bearer ${SECRET}x`,
      `Bearer ${SECRET.slice(0, -1)}`,
      SECRET,
      `Basic ${SECRET}`,
      `Bearer ${org.members.Owner.token}`,
    ]) {
      expectProblem(await report(body, authorization), 401, "unauthenticated");
    }
    expect((await roomRow(room.id)).state).toBe("created");
    expect((await report(body, `bearer ${SECRET}`)).status).toBe(202);
  });

  it("accepts nobody when SVC_MEDIA_INGEST_SECRET is not set", async () => {
    const room = await newRoom();
    overrideEnvForTests({ SVC_MEDIA_INGEST_SECRET: "" });
    expectProblem(
      await report({ id: "auth-2", type: "room.ended", room_id: room.id }),
      401,
      "unauthenticated",
    );
    expect((await roomRow(room.id)).state).toBe("created");
  });

  it("answers 405 for other methods", async () => {
    expectProblem(await call("GET", "/v1/internal/media-events"), 405, "method_not_allowed");
  });
});

describe("room state machine", () => {
  it("created -> active on the first join -> ended when the last participant leaves", async () => {
    const room = await newRoom();
    await join(room.id, "alice", "2026-05-01T10:00:00.000Z");
    let row = await roomRow(room.id);
    expect(row.state).toBe("active");
    expect(row.startedAt?.toISOString()).toBe("2026-05-01T10:00:00.000Z");
    expect(row.activeParticipants).toBe(1);
    await join(room.id, "bob", "2026-05-01T10:01:00.000Z");
    expect((await roomRow(room.id)).activeParticipants).toBe(2);
    await leave(room.id, "alice", "2026-05-01T10:30:00.000Z");
    row = await roomRow(room.id);
    expect(row.state).toBe("active");
    expect(row.activeParticipants).toBe(1);
    expect(await eventsFor(room.id, "room.ended")).toHaveLength(0);
    await leave(room.id, "bob", "2026-05-01T10:45:00.000Z");
    row = await roomRow(room.id);
    expect(row.state).toBe("ended");
    expect(row.endedAt?.toISOString()).toBe("2026-05-01T10:45:00.000Z");
    expect(row.activeParticipants).toBe(0);

    const left = await eventsFor(room.id, "participant.left");
    expect(left.map((e) => e.data.object.identity)).toEqual(["alice", "bob"]);
    expect(left[0]?.data.object).toEqual({
      room_id: room.id,
      identity: "alice",
      joined_at: "2026-05-01T10:00:00.000Z",
      left_at: "2026-05-01T10:30:00.000Z",
    });
    const ended = await eventsFor(room.id, "room.ended");
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ type: "room.ended", org_id: org.id, project_id: org.projectId });
    expect(ended[0]?.data.object).toMatchObject({
      id: room.id,
      state: "ended",
      short_code: room.short_code,
      type: "meeting",
    });
    expect(ended[0]?.id).toMatch(/^evt_/);
  });

  it("ended is final: later joins, leaves and ends change no state", async () => {
    const room = await newRoom();
    await join(room.id, "alice");
    await leave(room.id, "alice");
    expect((await roomRow(room.id)).state).toBe("ended");
    await join(room.id, "alice");
    await join(room.id, "carol");
    await send({ type: "room.ended", room_id: room.id });
    const row = await roomRow(room.id);
    expect(row.state).toBe("ended");
    expect(row.activeParticipants).toBe(0);
    expect(await eventsFor(room.id, "room.ended")).toHaveLength(1);
  });

  it("room.ended ends a created or active room once, and participants still leaving are recorded", async () => {
    const fresh = await newRoom();
    await send({ type: "room.ended", room_id: fresh.id, occurred_at: "2026-05-02T09:00:00Z" });
    expect((await roomRow(fresh.id)).state).toBe("ended");
    expect((await roomRow(fresh.id)).endedAt?.toISOString()).toBe("2026-05-02T09:00:00.000Z");

    const busy = await newRoom();
    await join(busy.id, "alice");
    await join(busy.id, "bob");
    await send({ type: "room.ended", room_id: busy.id });
    await send({ type: "room.ended", room_id: busy.id });
    expect((await roomRow(busy.id)).state).toBe("ended");
    expect(await eventsFor(busy.id, "room.ended")).toHaveLength(1);
    await leave(busy.id, "alice");
    await leave(busy.id, "bob");
    expect((await roomRow(busy.id)).activeParticipants).toBe(0);
    expect(await eventsFor(busy.id, "participant.left")).toHaveLength(2);
    expect(await eventsFor(busy.id, "room.ended")).toHaveLength(1);
  });

  it("a repeated report id is accepted again and changes nothing", async () => {
    const room = await newRoom();
    const j = {
      id: newId("event"),
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "alice" },
    };
    const l = {
      id: newId("event"),
      type: "participant.left",
      room_id: room.id,
      participant: { identity: "alice" },
    };
    for (const body of [j, j, l, l, j]) expect((await report(body)).status).toBe(202);
    const row = await roomRow(room.id);
    expect(row.state).toBe("ended");
    expect(await eventsFor(room.id, "participant.left")).toHaveLength(1);
    expect(await eventsFor(room.id, "room.ended")).toHaveLength(1);
    const stored = await (await getDb()).select().from(mediaReports).where(eq(mediaReports.roomId, room.id));
    expect(stored.map((r) => r.id).sort()).toEqual([j.id, l.id].sort());
  });

  it("applies concurrent copies of one report once", async () => {
    const room = await newRoom();
    await join(room.id, "alice");
    const body = {
      id: newId("event"),
      type: "participant.left",
      room_id: room.id,
      participant: { identity: "alice" },
    };
    const results = await Promise.all([report(body), report(body), report(body)]);
    expect(results.map((r) => r.status)).toEqual([202, 202, 202]);
    expect(await eventsFor(room.id, "participant.left")).toHaveLength(1);
    expect(await eventsFor(room.id, "room.ended")).toHaveLength(1);
  });

  it("handles a leave that arrives before its join: the room still becomes active, then ends", async () => {
    const room = await newRoom();
    await leave(room.id, "alice", "2026-05-03T10:10:00.000Z");
    let row = await roomRow(room.id);
    expect(row.state).toBe("created");
    expect(row.activeParticipants).toBe(0);
    await join(room.id, "alice", "2026-05-03T10:00:00.000Z");
    row = await roomRow(room.id);
    expect(row.state).toBe("ended");
    expect(row.startedAt?.toISOString()).toBe("2026-05-03T10:00:00.000Z");
    expect(row.endedAt?.toISOString()).toBe("2026-05-03T10:10:00.000Z");
    expect(row.activeParticipants).toBe(0);
    expect(await eventsFor(room.id, "participant.left")).toHaveLength(1);
    expect(await eventsFor(room.id, "room.ended")).toHaveLength(1);
  });

  it("ignores a stale leave older than the participant's latest join, and counts a rejoin", async () => {
    const room = await newRoom();
    await join(room.id, "alice", "2026-05-04T10:00:00.000Z");
    await join(room.id, "bob", "2026-05-04T10:00:30.000Z");
    await leave(room.id, "bob", "2026-05-04T10:05:00.000Z");
    await join(room.id, "bob", "2026-05-04T10:06:00.000Z");
    expect((await roomRow(room.id)).activeParticipants).toBe(2);
    // bob's leave from before his rejoin arrives late again under another id: stale.
    await leave(room.id, "bob", "2026-05-04T10:05:30.000Z");
    expect((await roomRow(room.id)).activeParticipants).toBe(2);
    // A join of someone already present changes nothing.
    await join(room.id, "alice", "2026-05-04T10:07:00.000Z");
    const [alice] = await (await getDb())
      .select()
      .from(roomParticipants)
      .where(and(eq(roomParticipants.roomId, room.id), eq(roomParticipants.identity, "alice")));
    expect(alice?.joinedAt.toISOString()).toBe("2026-05-04T10:00:00.000Z");
    await leave(room.id, "alice", "2026-05-04T10:20:00.000Z");
    await leave(room.id, "bob", "2026-05-04T10:21:00.000Z");
    expect((await roomRow(room.id)).state).toBe("ended");
    expect(await eventsFor(room.id, "participant.left")).toHaveLength(3);
    expect(await eventsFor(room.id, "room.ended")).toHaveLength(1);
  });

  it("answers 404 for an unknown room and does not consume the report id", async () => {
    const id = newId("event");
    expectProblem(await report({ id, type: "room.ended", room_id: newId("room") }), 404, "not_found");
    const stored = await (await getDb()).select().from(mediaReports).where(eq(mediaReports.id, id));
    expect(stored).toHaveLength(0);
  });
});

describe("recordings from the media plane", () => {
  async function recordingRows(roomId: string) {
    return (await getDb()).select().from(recordings).where(eq(recordings.roomId, roomId));
  }
  async function listed(): Promise<RecordingDto[]> {
    const res = await call<{ items: RecordingDto[] }>("GET", "/v1/workspace/recordings", {
      token: org.members.Viewer.token,
    });
    return res.body.items;
  }

  it("started creates the row; completed fills it and lists it; ready marks it; each records its event", async () => {
    const room = await newRoom();
    await send({ type: "recording.started", room_id: room.id, occurred_at: "2026-05-05T12:00:00.000Z" });
    const [started] = await recordingRows(room.id);
    expect(started?.state).toBe("started");
    expect(started?.id).toMatch(/^rec_/);
    expect(started?.startedAt.toISOString()).toBe("2026-05-05T12:00:00.000Z");
    expect((await listed()).map((r) => r.id)).not.toContain(started?.id);
    const startedEvents = await eventsFor(room.id, "recording.started");
    expect(startedEvents).toHaveLength(1);
    expect(startedEvents[0]?.data.object).toMatchObject({
      id: started?.id,
      room_id: room.id,
      state: "started",
    });

    await send({
      type: "recording.completed",
      room_id: room.id,
      recording: { object_key: `recordings/${org.id}/x.mp4`, duration_sec: 95, size_bytes: 123_456 },
    });
    const [completed] = await recordingRows(room.id);
    expect(completed).toMatchObject({
      id: started?.id,
      state: "completed",
      // The service derives the key (docs/decisions/1245); the reported one is ignored.
      objectKey: `recordings/${org.id}/${room.id}/${started?.id}/recording.mp4`,
      durationSec: 95,
      sizeBytes: 123_456,
    });
    expect(await listed()).toContainEqual({
      id: started?.id,
      room_id: room.id,
      state: "completed",
      started_at: "2026-05-05T12:00:00.000Z",
      duration_sec: 95,
      size_bytes: 123_456,
    });
    expect((await eventsFor(room.id, "recording.completed"))[0]?.data.object).toMatchObject({
      id: started?.id,
      state: "completed",
      duration_sec: 95,
    });

    await send({ type: "recording.ready", room_id: room.id, occurred_at: "2026-05-05T12:10:00.000Z" });
    await send({ type: "recording.ready", room_id: room.id, recording: { id: started?.id } });
    const [ready] = await recordingRows(room.id);
    expect(ready?.readyAt?.toISOString()).toBe("2026-05-05T12:10:00.000Z");
    expect(await eventsFor(room.id, "recording.ready")).toHaveLength(1);
  });

  it("uses the reporter's recording id, and moves recordings only forward", async () => {
    const room = await newRoom();
    const recId = newId("recording");
    // completed before started (out of order): created as completed.
    await send({
      type: "recording.completed",
      room_id: room.id,
      recording: {
        id: recId,
        object_key: "k.mp4",
        started_at: "2026-05-06T08:00:00Z",
        duration_sec: 10,
        size_bytes: 5,
      },
    });
    await send({ type: "recording.started", room_id: room.id, recording: { id: recId } });
    await send({ type: "recording.failed", room_id: room.id, recording: { id: recId } });
    const rows = await recordingRows(room.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: recId,
      state: "completed",
      objectKey: `recordings/${org.id}/${room.id}/${recId}/recording.mp4`,
      durationSec: 10,
    });
    expect(rows[0]?.startedAt.toISOString()).toBe("2026-05-06T08:00:00.000Z");
    expect(await eventsFor(room.id, "recording.completed")).toHaveLength(1);
    expect(await eventsFor(room.id, "recording.started")).toHaveLength(0);
    expect(await eventsFor(room.id, "recording.failed")).toHaveLength(0);
  });

  it("fails a started recording; a failed one never completes or becomes ready", async () => {
    const room = await newRoom();
    const recId = newId("recording");
    await send({ type: "recording.started", room_id: room.id, recording: { id: recId } });
    await send({ type: "recording.failed", room_id: room.id });
    await send({
      type: "recording.completed",
      room_id: room.id,
      recording: { id: recId, object_key: "late.mp4" },
    });
    await send({ type: "recording.ready", room_id: room.id, recording: { id: recId } });
    const [row] = await recordingRows(room.id);
    expect(row).toMatchObject({ id: recId, state: "failed", objectKey: null, readyAt: null });
    expect((await eventsFor(room.id, "recording.failed"))[0]?.data.object).toMatchObject({
      id: recId,
      state: "failed",
    });
    expect(await eventsFor(room.id, "recording.completed")).toHaveLength(0);
    expect(await eventsFor(room.id, "recording.ready")).toHaveLength(0);
    expect((await listed()).map((r) => r.id)).not.toContain(recId);
  });

  it("accepts recording reports after the room ended (the room stays ended)", async () => {
    const room = await newRoom();
    await send({ type: "room.ended", room_id: room.id });
    await send({
      type: "recording.completed",
      room_id: room.id,
      recording: { object_key: "after.mp4", duration_sec: 1, size_bytes: 1 },
    });
    expect((await recordingRows(room.id))[0]?.state).toBe("completed");
    expect((await roomRow(room.id)).state).toBe("ended");
  });

  it("answers 409 when a recording id belongs to another room", async () => {
    const a = await newRoom();
    const b = await newRoom();
    const recId = newId("recording");
    await send({ type: "recording.started", room_id: a.id, recording: { id: recId } });
    expectProblem(
      await report({
        id: newId("event"),
        type: "recording.completed",
        room_id: b.id,
        recording: { id: recId, object_key: "x" },
      }),
      409,
      "conflict",
    );
    expect((await recordingRows(a.id))[0]?.state).toBe("started");
  });
});

describe("qos alerts", () => {
  it("records a qos.alert event with the report's details", async () => {
    const room = await newRoom();
    await send({
      type: "qos.alert",
      room_id: room.id,
      occurred_at: "2026-05-07T07:07:07.007Z",
      participant: { identity: "alice" },
      qos: { kind: "high_rtt", value: 812.5 },
    });
    const [alert] = await eventsFor(room.id, "qos.alert");
    expect(alert?.data.object).toEqual({
      room_id: room.id,
      kind: "high_rtt",
      value: 812.5,
      identity: "alice",
      occurred_at: "2026-05-07T07:07:07.007Z",
    });
    expect((await roomRow(room.id)).state).toBe("created");
  });
});

describe("bad input", () => {
  it("rejects every malformed field with 422 and changes nothing", async () => {
    const room = await newRoom();
    const base = {
      id: "bad-1",
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "a" },
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, id: undefined }, "id"],
      [{ ...base, id: "" }, "id"],
      [{ ...base, id: "x".repeat(201) }, "id"],
      [{ ...base, id: 5 }, "id"],
      [{ ...base, type: undefined }, "type"],
      [{ ...base, type: "participant.waved" }, "type"],
      [{ ...base, type: 1 }, "type"],
      [{ ...base, room_id: undefined }, "room_id"],
      [{ ...base, room_id: "abc-defg-hjk" }, "room_id"],
      [{ ...base, room_id: 3 }, "room_id"],
      [{ ...base, occurred_at: "yesterday" }, "occurred_at"],
      [{ ...base, occurred_at: "2026-05-01" }, "occurred_at"],
      [{ ...base, occurred_at: 1_700_000_000 }, "occurred_at"],
      [{ ...base, participant: undefined }, "participant"],
      [{ ...base, participant: "alice" }, "participant"],
      [{ ...base, participant: {} }, "participant.identity"],
      [{ ...base, participant: { identity: "" } }, "participant.identity"],
      [{ ...base, participant: { identity: "x".repeat(129) } }, "participant.identity"],
      [{ ...base, participant: { identity: 9 } }, "participant.identity"],
      [{ ...base, type: "participant.left", participant: undefined }, "participant"],
      [{ ...base, type: "recording.started", recording: "r" }, "recording"],
      [{ ...base, type: "recording.started", recording: { id: "rec_" } }, "recording.id"],
      [{ ...base, type: "recording.started", recording: { id: "rm_abcdefghijklmnopqr" } }, "recording.id"],
      [{ ...base, type: "recording.started", recording: { id: 12 } }, "recording.id"],
      [{ ...base, type: "recording.started", recording: { started_at: "soon" } }, "recording.started_at"],
      [{ ...base, type: "recording.completed", recording: {} }, "recording.object_key"],
      [{ ...base, type: "recording.completed" }, "recording.object_key"],
      [{ ...base, type: "recording.completed", recording: { object_key: "" } }, "recording.object_key"],
      [
        { ...base, type: "recording.completed", recording: { object_key: "k".repeat(1025) } },
        "recording.object_key",
      ],
      [{ ...base, type: "recording.completed", recording: { object_key: 1 } }, "recording.object_key"],
      [
        { ...base, type: "recording.completed", recording: { object_key: "k", duration_sec: -1 } },
        "recording.duration_sec",
      ],
      [
        { ...base, type: "recording.completed", recording: { object_key: "k", duration_sec: 1.5 } },
        "recording.duration_sec",
      ],
      [
        { ...base, type: "recording.completed", recording: { object_key: "k", duration_sec: "10" } },
        "recording.duration_sec",
      ],
      [
        { ...base, type: "recording.completed", recording: { object_key: "k", size_bytes: -5 } },
        "recording.size_bytes",
      ],
      [
        { ...base, type: "recording.completed", recording: { object_key: "k", size_bytes: 2 ** 60 } },
        "recording.size_bytes",
      ],
      [
        { ...base, type: "recording.completed", recording: { object_key: "k", size_bytes: "big" } },
        "recording.size_bytes",
      ],
      [{ ...base, type: "qos.alert" }, "qos"],
      [{ ...base, type: "qos.alert", qos: "bad" }, "qos"],
      [{ ...base, type: "qos.alert", qos: { kind: "jitter", value: 1 } }, "qos.kind"],
      [{ ...base, type: "qos.alert", qos: { kind: "low_bitrate" } }, "qos.value"],
      [{ ...base, type: "qos.alert", qos: { kind: "low_bitrate", value: "1" } }, "qos.value"],
    ];
    for (const [body, path] of cases) {
      const res = await report(body);
      const problem = expectProblem(res, 422, "validation_failed");
      expect(
        (problem.errors as { path: string }[]).map((e) => e.path),
        `${path}: ${res.text}`,
      ).toContain(path);
    }
    expectProblem(
      await call("POST", "/v1/internal/media-events", {
        headers: { authorization: `Bearer ${SECRET}` },
        json: [base],
      }),
      422,
      "validation_failed",
    );
    expectProblem(
      await call("POST", "/v1/internal/media-events", {
        headers: { authorization: `Bearer ${SECRET}`, "content-type": "application/json" },
        body: "{",
      }),
      400,
      "invalid_json",
    );
    expectProblem(
      await call("POST", "/v1/internal/media-events", {
        headers: { authorization: `Bearer ${SECRET}`, "content-type": "text/plain" },
        body: "x",
      }),
      415,
      "unsupported_media_type",
    );
    expect((await roomRow(room.id)).state).toBe("created");
    expect(
      await (await getDb()).select().from(mediaReports).where(eq(mediaReports.id, "bad-1")),
    ).toHaveLength(0);
    // Offsets other than Z are fine; extra fields are ignored.
    expect((await report({ ...base, occurred_at: "2026-05-01T12:00:00+02:00", extra: true })).status).toBe(
      202,
    );
    expect((await roomRow(room.id)).startedAt?.toISOString()).toBe("2026-05-01T10:00:00.000Z");
  });
});
