import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "@/db/schema";
import { getDb } from "@/lib/db";
import { EVENT_TYPES } from "@/lib/events/event-types";
import { eventRoomId, hasRoomSubject } from "@/lib/events/room-sequence";
import { CATALOG_EVENTS, WORKSPACE_EVENTS } from "@/lib/webhooks/event-catalog";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { createProjectKey } from "./helpers/webhook-fixtures";

/**
 * `participant.joined` and the per-room `sequence` (issue 47 item 5, docs/decisions/1325): every
 * media event (room, participant, recording, quality; streams when they come) carries its room's
 * id and its number in that room's sequence, 1 for `room.created`, then one more per event, with
 * no gap and no repeat; rooms count apart. `participant.joined` is sent when an identity's
 * presence begins (not for a second tab, not for a stale join). Real delivery bodies against their
 * schemas: tests/webhooks-events.test.ts.
 */

const SECRET = "test-media-ingest-secret";
let org: TestOrg;
let seq = 0;

type Payload = {
  type: string;
  room_id?: string;
  sequence?: number;
  data: { object: Record<string, unknown> };
};

beforeAll(async () => {
  org = await createOrg({ name: "Sequence Org" });
});

async function newRoom(): Promise<string> {
  const res = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId },
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

async function report(roomId: string, body: Record<string, unknown>) {
  const res = await call("POST", "/v1/internal/media-events", {
    headers: { authorization: `Bearer ${SECRET}` },
    json: { id: `seq-${++seq}`, room_id: roomId, ...body },
  });
  expect(res.status, res.text).toBe(202);
}

async function payloads(roomId: string): Promise<Payload[]> {
  const rows = await (await getDb())
    .select({ payload: events.payload })
    .from(events)
    .where(and(eq(events.orgId, org.id)))
    .orderBy(asc(events.createdAt), asc(events.id));
  return rows.map((r) => r.payload as Payload).filter((p) => p.room_id === roomId);
}

describe("the per-room sequence", () => {
  it("numbers every event of a room 1, 2, 3… in the order they were recorded; another room counts apart", async () => {
    const a = await newRoom();
    const b = await newRoom();
    await report(a, { type: "participant.joined", participant: { identity: "ada" } });
    await report(b, { type: "participant.joined", participant: { identity: "bo" } });
    await report(a, { type: "participant.joined", participant: { identity: "cy" } });
    await report(a, { type: "recording.started", recording: {} });
    await report(a, {
      type: "qos.alert",
      participant: { identity: "ada" },
      qos: { kind: "high_rtt", value: 900 },
    });
    await report(a, { type: "participant.left", participant: { identity: "ada" } });
    await report(a, { type: "participant.left", participant: { identity: "cy" } });

    const inA = await payloads(a);
    expect(inA.map((p) => p.type)).toEqual([
      "room.created",
      "participant.joined",
      "participant.joined",
      "recording.started",
      "qos.alert",
      "participant.left",
      "participant.left",
      "room.ended",
    ]);
    expect(inA.map((p) => p.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const inB = await payloads(b);
    expect(inB.map((p) => [p.type, p.sequence])).toEqual([
      ["room.created", 1],
      ["participant.joined", 2],
    ]);
  });

  it("is decided by the event's subject: media events carry it, others do not", () => {
    for (const type of [
      "room.created",
      "participant.joined",
      "recording.ready",
      "qos.alert",
      "stream.started",
    ]) {
      expect(hasRoomSubject(type), type).toBe(true);
    }
    for (const type of ["license.revoked", "webhook.test"]) expect(hasRoomSubject(type), type).toBe(false);
    expect(eventRoomId("room.ended", { id: "rm_abc" })).toBe("rm_abc");
    expect(eventRoomId("stream.started", { room_id: "rm_def", id: "str_1" })).toBe("rm_def");
    expect(eventRoomId("license.revoked", { license_id: "lic_1" })).toBeUndefined();
    // The document says so for each type.
    for (const type of CATALOG_EVENTS) {
      const shape = (EVENT_TYPES[type].body as unknown as { shape: Record<string, unknown> }).shape;
      expect("sequence" in shape, type).toBe(hasRoomSubject(type));
    }
  });
});

describe("participant.joined", () => {
  it("is sent once when presence begins: not for a second connection, again after a leave", async () => {
    const room = await newRoom();
    await report(room, { type: "participant.joined", participant: { identity: "ada" } });
    await report(room, { type: "participant.joined", participant: { identity: "bo" } });
    // ada's second tab: already present.
    await report(room, { type: "participant.joined", participant: { identity: "ada" } });
    await report(room, { type: "participant.left", participant: { identity: "ada" } });
    await report(room, { type: "participant.joined", participant: { identity: "ada" } });
    const joined = (await payloads(room)).filter((p) => p.type === "participant.joined");
    expect(joined.map((p) => p.data.object.identity)).toEqual(["ada", "bo", "ada"]);
    expect(joined[0]?.data.object).toMatchObject({ room_id: room, identity: "ada", left_at: null });
  });

  it("is in the catalogue for project endpoints; org-wide endpoints accept only their five", async () => {
    expect(CATALOG_EVENTS).toContain("participant.joined");
    expect(WORKSPACE_EVENTS).not.toContain("participant.joined");
    const key = await createProjectKey(org);
    const ok = await call("POST", "/v1/webhooks/endpoints", {
      headers: { authorization: `Bearer ${key}` },
      json: { url: "https://hooks.example.com/joined", events: ["participant.joined"] },
    });
    expect(ok.status, ok.text).toBe(201);
    expectProblem(
      await call("POST", "/v1/workspace/webhooks", {
        token: org.members.Owner.token,
        json: { url: "https://hooks.example.com/joined", events: ["participant.joined"] },
      }),
      422,
      "validation_failed",
    );
  });
});
