import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mediaConnections, rooms } from "@/db/schema";
import { ROLES, rolesWith } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * DELETE /v1/workspace/rooms/:id/participants/:identity (issue 38 item 1, docs/decisions/1100):
 * the roles, another org's room, an ended room, no media plane, and a media node that does not
 * answer. The removal itself, through a real Janus, is in tests/media-janus-events.test.ts.
 */

/** A media plane whose one node nothing listens on (the discard port on loopback). */
const DOWN_NODE = "http://127.0.0.1:9/janus";
const PLANE_DOWN = {
  SVC_MEDIA_PLANE: "janus",
  JANUS_URL: DOWN_NODE,
  JANUS_PUBLIC_URL: "wss://media.example.test/janus",
  JANUS_TOKEN_SECRET: "remove-test-token-secret-0123456789",
  JANUS_EVENTS_SECRET: "remove-test-events-secret-0123456789",
};

let org: TestOrg;
let other: TestOrg;

beforeAll(async () => {
  org = await createOrg({ name: "Removal Org" });
  other = await createOrg({ name: "Elsewhere" });
});

afterEach(() => {
  overrideEnvForTests({});
  forgetOpenedRooms();
});

async function newRoom(): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId, name: "Kick test" },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The room placed on the down node with `identity` joined on it, as the Janus event handler records. */
async function seatOnDownNode(roomId: string, identity: string): Promise<void> {
  const db = await getDb();
  await db.update(rooms).set({ mediaNode: DOWN_NODE, state: "active" }).where(eq(rooms.id, roomId));
  await db.insert(mediaConnections).values({
    connectionId: newId("room").replace("rm_", "mc_"),
    sessionRef: `${DOWN_NODE}#1`,
    roomId,
    identity,
    role: "publisher",
    participantRef: "4242",
    joinedAt: new Date(),
  });
}

const remove = (roomId: string, identity: string, token = org.members.Owner.token) =>
  call<{ identity: string; removed: number }>(
    "DELETE",
    `/v1/workspace/rooms/${roomId}/participants/${encodeURIComponent(identity)}`,
    { token },
  );

const removals = async () =>
  (await getDb())
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, org.id), eq(auditLog.action, "room.participant_removed")));

describe("DELETE rooms/:id/participants/:identity", () => {
  it("is for Owner, Admin and Developer; every other role is refused with 403 before anything runs", async () => {
    expect(rolesWith("participants:remove")).toEqual(["Owner", "Admin", "Developer"]);
    overrideEnvForTests(PLANE_DOWN);
    const room = await newRoom();
    for (const role of ROLES) {
      const res = await remove(room.id, "nobody", org.members[role].token);
      if (rolesWith("participants:remove").includes(role)) {
        expect(res.status, `${role}: ${res.text}`).toBe(200);
        // Not in the room (the room was never placed on a node): removed 0 times, idempotently.
        expect(res.body).toEqual({ identity: "nobody", removed: 0 });
      } else {
        expectProblem(res, 403, "forbidden_workspace_role");
      }
    }
    expect(await removals()).toHaveLength(0);
  });

  it("answers 404 for another org's room, an unknown room and a room reference that is not an id", async () => {
    overrideEnvForTests(PLANE_DOWN);
    const room = await newRoom();
    expectProblem(await remove(room.id, "ann", other.members.Owner.token), 404, "not_found");
    expectProblem(await remove("rm_doesnotexist0000", "ann"), 404, "not_found");
    expectProblem(await remove(room.short_code, "ann"), 404, "not_found");
  });

  it("answers 503 with Retry-After when the room's media node does not answer, and audits nothing", async () => {
    overrideEnvForTests(PLANE_DOWN);
    const room = await newRoom();
    await seatOnDownNode(room.id, "ann lee@example");
    const res = await remove(room.id, "ann lee@example");
    expectProblem(res, 503, "service_unavailable");
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await removals()).toHaveLength(0);
    // Someone else is not there: nothing to ask the node.
    expect((await remove(room.id, "ann")).body).toEqual({ identity: "ann", removed: 0 });
  });

  it("answers 409 room_ended for an ended room", async () => {
    overrideEnvForTests(PLANE_DOWN);
    const room = await newRoom();
    const ended = await call("POST", `/v1/workspace/rooms/${room.id}/end`, {
      token: org.members.Owner.token,
    });
    expect(ended.status, ended.text).toBe(200);
    expectProblem(await remove(room.id, "ann"), 409, "room_ended");
  });

  it("answers 409 conflict without a media plane (SVC_MEDIA_PLANE=none): nobody can be asked", async () => {
    const room = await newRoom();
    const res = await remove(room.id, "ann");
    expectProblem(res, 409, "conflict");
    expect(res.body).toMatchObject({ detail: expect.stringContaining("no media plane") });
  });
});
