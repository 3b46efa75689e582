import { beforeAll, describe, expect, it } from "vitest";
import { roomParticipantNames } from "@/db/schema";
import { ROLES } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import type { PresentParticipantDto, TimelineEntryDto } from "@/lib/media/live-schema";
import { recordParticipantRemoval } from "@/lib/rooms/record-participant-removal";
import type { RoomDto, RoomListItemDto } from "@/lib/rooms/room-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/** Issue 38 item 1: who is in a room now, the room's timeline, and the Rooms list's search. */

let org: TestOrg;
let other: TestOrg;
let seq = 0;

beforeAll(async () => {
  org = await createOrg({ name: "Live Org" });
  other = await createOrg({ name: "Other Org" });
});

async function newRoom(name?: string, o: TestOrg = org): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: o.members.Owner.token,
    json: { project_id: o.projectId, ...(name ? { name } : {}) },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function report(body: Record<string, unknown>) {
  const res = await call("POST", "/v1/internal/media-events", {
    headers: { authorization: "Bearer test-media-ingest-secret" },
    json: { id: `live-${++seq}`, ...body },
  });
  expect(res.status, res.text).toBe(202);
}

const at = (minute: number) => new Date(Date.UTC(2026, 4, 1, 10, minute)).toISOString();
type Page<T> = { items: T[]; next_cursor: string | null };

const participants = (roomId: string, token = org.members.Viewer.token, query = "") =>
  call<Page<PresentParticipantDto>>("GET", `/v1/workspace/rooms/${roomId}/participants${query}`, { token });
const timeline = (roomId: string, token = org.members.Viewer.token, query = "") =>
  call<Page<TimelineEntryDto>>("GET", `/v1/workspace/rooms/${roomId}/timeline${query}`, { token });

describe("GET rooms/:id/participants", () => {
  it("lists who is in the room now, newest arrival first, for every role", async () => {
    const room = await newRoom();
    let res = await participants(room.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], next_cursor: null });

    await report({
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "ann" },
      occurred_at: at(1),
    });
    await report({
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "bob" },
      occurred_at: at(2),
    });
    await report({
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "cy" },
      occurred_at: at(3),
    });
    await report({
      type: "participant.left",
      room_id: room.id,
      participant: { identity: "bob" },
      occurred_at: at(4),
    });

    for (const role of ROLES) {
      res = await participants(room.id, org.members[role].token);
      expect(res.status, role).toBe(200);
      expect(res.body.items).toEqual([
        { identity: "cy", display_name: null, joined_at: at(3) },
        { identity: "ann", display_name: null, joined_at: at(1) },
      ]);
    }
  });

  it("pages with limit and cursor", async () => {
    const room = await newRoom();
    for (const [i, who] of ["p1", "p2", "p3"].entries()) {
      await report({
        type: "participant.joined",
        room_id: room.id,
        participant: { identity: who },
        occurred_at: at(i),
      });
    }
    const first = await participants(room.id, undefined, "?limit=2");
    expect(first.body.items.map((p) => p.identity)).toEqual(["p3", "p2"]);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await participants(room.id, undefined, `?limit=2&cursor=${first.body.next_cursor}`);
    expect(second.body).toEqual({
      items: [{ identity: "p1", display_name: null, joined_at: at(0) }],
      next_cursor: null,
    });
  });

  it("is 404 for another org's room or an unknown one, 401 signed out, 422 for a bad cursor or limit", async () => {
    const theirs = await newRoom(undefined, other);
    expectProblem(await participants(theirs.id), 404, "not_found");
    expectProblem(await participants("rm_doesnotexist"), 404, "not_found");
    expectProblem(await participants("not-an-id"), 404, "not_found");
    const mine = await newRoom();
    expectProblem(await participants(mine.id, undefined, "?cursor=%%%"), 422, "validation_failed");
    expectProblem(await participants(mine.id, undefined, "?cursor=bm9wZQ"), 422, "validation_failed");
    expectProblem(await participants(mine.id, undefined, "?limit=0"), 422, "validation_failed");
    const anon = await call("GET", `/v1/workspace/rooms/${mine.id}/participants`);
    expectProblem(anon, 401, "unauthenticated");
  });
});

describe("GET rooms/:id/timeline", () => {
  it("tells the room's life newest first: joins, leaves, recordings, quality alerts, the end, the creation", async () => {
    const room = await newRoom();
    await report({
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "ann" },
      occurred_at: at(1),
    });
    await report({ type: "recording.started", room_id: room.id, occurred_at: at(2) });
    await report({
      type: "qos.alert",
      room_id: room.id,
      participant: { identity: "ann" },
      qos: { kind: "high_rtt", value: 420 },
      occurred_at: at(3),
    });
    await report({
      type: "recording.completed",
      room_id: room.id,
      recording: { object_key: "rec/x.mp4", duration_sec: 60, size_bytes: 10 },
      occurred_at: at(4),
    });
    await report({
      type: "participant.left",
      room_id: room.id,
      participant: { identity: "ann" },
      occurred_at: at(5),
    });

    const res = await timeline(room.id);
    expect(res.status, res.text).toBe(200);
    const items = res.body.items;
    // The last leave ends the room at the same instant: those two tie, in id order.
    expect(
      items
        .slice(0, 2)
        .map((e) => e.type)
        .sort(),
    ).toEqual(["participant.left", "room.ended"]);
    expect(items.slice(2).map((e) => e.type)).toEqual([
      "recording.completed",
      "qos.alert",
      "recording.started",
      "participant.joined",
      "room.created",
    ]);
    expect(items.find((e) => e.type === "room.ended")).toMatchObject({ occurred_at: at(5), identity: null });
    expect(items[3]).toMatchObject({ identity: "ann", qos: { kind: "high_rtt", value: 420 } });
    // Both recording entries name the same recording, the one the list shows.
    const recId = items[4]?.recording_id;
    expect(recId).toMatch(/^rec_/);
    expect(items[2]?.recording_id).toBe(recId);
    expect(items[6]).toEqual({
      id: room.id,
      type: "room.created",
      occurred_at: room.created_at,
      identity: null,
      display_name: null,
      recording_id: null,
      qos: null,
    });
    expect(res.body.next_cursor).toBeNull();
  });

  it("records an end by the API too, and a repeated report once", async () => {
    const room = await newRoom();
    const rep = {
      id: `dup-${room.id}`,
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "z" },
    };
    for (let i = 0; i < 2; i++) {
      const r = await call("POST", "/v1/internal/media-events", {
        headers: { authorization: "Bearer test-media-ingest-secret" },
        json: rep,
      });
      expect(r.status).toBe(202);
    }
    const end = await call("POST", `/v1/workspace/rooms/${room.id}/end`, { token: org.members.Owner.token });
    expect(end.status, end.text).toBe(200);
    const res = await timeline(room.id);
    // The end closes z first (docs/webhooks.md, "Event order per room"): the leave and the end
    // share their time, so the newest two are those two in either order.
    const types = res.body.items.map((e) => e.type);
    expect(types.slice(0, 2).sort()).toEqual(["participant.left", "room.ended"]);
    expect(types.slice(2)).toEqual(["participant.joined", "room.created"]);
  });

  it("pages to the end, creation included, whatever the page size", async () => {
    const room = await newRoom();
    for (let i = 0; i < 3; i++) {
      await report({
        type: "participant.joined",
        room_id: room.id,
        participant: { identity: `u${i}` },
        occurred_at: at(i),
      });
    }
    for (const limit of [1, 2, 3, 4, 5]) {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const q: string = `?limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`;
        const res = await timeline(room.id, undefined, q);
        expect(res.status).toBe(200);
        expect(res.body.items.length).toBeLessThanOrEqual(limit);
        seen.push(...res.body.items.map((e) => e.identity ?? e.type));
        cursor = res.body.next_cursor;
      } while (cursor);
      expect(seen, `limit ${limit}`).toEqual(["u2", "u1", "u0", "room.created"]);
    }
  });

  it("is 404 out of the org and 422 for a bad cursor", async () => {
    const theirs = await newRoom(undefined, other);
    expectProblem(await timeline(theirs.id), 404, "not_found");
    const mine = await newRoom();
    expectProblem(await timeline(mine.id, undefined, "?cursor=WyJ4Il0"), 422, "validation_failed");
  });
});

describe("names before identities (docs/decisions/1305)", () => {
  it("gives a share-link guest's typed name beside the identity in the live list and the timeline, null for others", async () => {
    const room = await newRoom();
    // What lib/share-link/mint-guest-token.ts stores when it mints the guest's token.
    await (await getDb())
      .insert(roomParticipantNames)
      .values({ roomId: room.id, identity: "guest_KpOTRFSCXPuDii3T", displayName: "Grace Hopper" });
    await report({
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "guest_KpOTRFSCXPuDii3T" },
      occurred_at: at(1),
    });
    await report({
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "u_42" },
      occurred_at: at(2),
    });
    const present = await participants(room.id);
    expect(present.body.items).toEqual([
      { identity: "u_42", display_name: null, joined_at: at(2) },
      { identity: "guest_KpOTRFSCXPuDii3T", display_name: "Grace Hopper", joined_at: at(1) },
    ]);
    const tl = await timeline(room.id);
    expect(tl.body.items.filter((e) => e.type === "participant.joined").map((e) => e.display_name)).toEqual([
      null,
      "Grace Hopper",
    ]);
    // Another room's guest with the same identity does not lend it a name: names are per room.
    const elsewhere = await newRoom();
    await report({
      type: "participant.joined",
      room_id: elsewhere.id,
      participant: { identity: "guest_KpOTRFSCXPuDii3T" },
      occurred_at: at(3),
    });
    expect((await participants(elsewhere.id)).body.items[0]?.display_name).toBeNull();
  });

  it("records a removal as participant.removed, apart from the leave that follows it", async () => {
    const room = await newRoom();
    await report({
      type: "participant.joined",
      room_id: room.id,
      participant: { identity: "ann" },
      occurred_at: at(1),
    });
    await recordParticipantRemoval(await getDb(), room.id, "ann", new Date(at(2)));
    await report({
      type: "participant.left",
      room_id: room.id,
      participant: { identity: "ann" },
      occurred_at: at(3),
    });
    const tl = await timeline(room.id);
    // The last one out also ends the room, at the same instant as the leave (ended is final).
    const people = tl.body.items.filter((e) => e.type !== "room.ended");
    expect(people.map((e) => [e.type, e.identity])).toEqual([
      ["participant.left", "ann"],
      ["participant.removed", "ann"],
      ["participant.joined", "ann"],
      ["room.created", null],
    ]);
  });
});

describe("GET rooms: participants now and search", () => {
  it("carries active_participants and finds rooms by name prefix, share code or id, within the org", async () => {
    const a = await newRoom("Zebra Standup");
    const b = await newRoom("zebra retro");
    await newRoom("Aardvark 100%_sale");
    await newRoom("Zebra elsewhere", other);
    await report({ type: "participant.joined", room_id: a.id, participant: { identity: "x" } });
    await report({ type: "participant.joined", room_id: a.id, participant: { identity: "y" } });

    const list = (q: string) =>
      call<Page<RoomListItemDto>>("GET", `/v1/workspace/rooms?q=${encodeURIComponent(q)}`, {
        token: org.members.Viewer.token,
      });
    let res = await list("ZEBRA");
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.map((r) => r.id)).toEqual([b.id, a.id]);
    expect(res.body.items.find((r) => r.id === a.id)?.active_participants).toBe(2);
    expect(res.body.items.find((r) => r.id === b.id)?.active_participants).toBe(0);

    res = await list(a.short_code.replace(/-/g, "").toUpperCase());
    expect(res.body.items.map((r) => r.id)).toEqual([a.id]);
    res = await list(b.id);
    expect(res.body.items.map((r) => r.id)).toEqual([b.id]);
    // Wildcards are plain characters.
    res = await list("aardvark 100%_");
    expect(res.body.items).toHaveLength(1);
    res = await list("%");
    expect(res.body.items).toHaveLength(0);
    res = await list("zebra s");
    expect(res.body.items.map((r) => r.id)).toEqual([a.id]);

    const both = await call<Page<RoomListItemDto>>(
      "GET",
      "/v1/workspace/rooms?q=zebra&state=active&limit=1",
      {
        token: org.members.Viewer.token,
      },
    );
    expect(both.body.items.map((r) => r.id)).toEqual([a.id]);
    expect(both.body.next_cursor).toBeNull();

    const paged = await call<Page<RoomListItemDto>>("GET", "/v1/workspace/rooms?q=zebra&limit=1", {
      token: org.members.Viewer.token,
    });
    expect(paged.body.items.map((r) => r.id)).toEqual([b.id]);
    const next = await call<Page<RoomListItemDto>>(
      "GET",
      `/v1/workspace/rooms?q=zebra&limit=1&cursor=${paged.body.next_cursor}`,
      { token: org.members.Viewer.token },
    );
    expect(next.body.items.map((r) => r.id)).toEqual([a.id]);

    expectProblem(await list("x".repeat(201)), 422, "validation_failed");
  });
});
