import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, mediaConnections, rooms } from "@/db/schema";
import { ROLES, rolesWith } from "@/lib/auth/roles";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import { stubServer } from "@/lib/media/stub/stub-plane";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type StubWorld, stubWorld } from "./helpers/stub-world";

/**
 * Mute and live role changes (issue 47 item 4, docs/decisions/1324) through the driver boundary,
 * on the stub plane; Janus's answers where it cannot (a role change needs a rejoin) and where its
 * node is down; LiveKit's calls: tests/moderation-livekit.test.ts; inbound audio stopping in a real
 * browser: tests/media-e2e.
 */

let w: StubWorld;
let other: TestOrg;

beforeAll(async () => {
  w = await stubWorld();
  other = await createOrg({ name: "Elsewhere" });
});
afterAll(() => w.stop());

const mute = (roomId: string, identity: string, json: unknown, token = w.org.members.Owner.token) =>
  call("POST", `/v1/workspace/rooms/${roomId}/participants/${encodeURIComponent(identity)}/mute`, {
    token,
    json,
  });
const patch = (roomId: string, identity: string, json: unknown, token = w.org.members.Owner.token) =>
  call("PATCH", `/v1/workspace/rooms/${roomId}/participants/${encodeURIComponent(identity)}`, {
    token,
    json,
  });

const stubRoom = (roomId: string) => {
  for (const rooms of stubServer.nodes.values()) {
    const r = rooms.get(roomId);
    if (r) return r;
  }
  throw new Error(`room ${roomId} is on no stub node`);
};

describe("mute", () => {
  it("mutes and unmutes audio and video of a present participant, audited", async () => {
    const room = await w.room();
    const ann = await w.join(room.id, "ann");
    const res = await mute(room.id, "ann", { audio: true });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ identity: "ann", audio: true, tracks: 1 });
    expect([...(stubRoom(room.id).muted ?? [])]).toEqual([`${ann.seat.ref}:audio`]);
    const both = await mute(room.id, "ann", { audio: false, video: true }, w.org.members.Developer.token);
    expect(both.status, both.text).toBe(200);
    expect([...(stubRoom(room.id).muted ?? [])]).toEqual([`${ann.seat.ref}:video`]);
    const audited = await (await getDb())
      .select({ metadata: auditLog.metadata })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, w.org.id), eq(auditLog.action, "room.participant_muted")));
    expect(audited.map((a) => a.metadata)).toContainEqual(
      expect.objectContaining({ identity: "ann", audio: true }),
    );
  });

  it("answers 404 for someone not in the room (never joined, or left) and for another org's room", async () => {
    const room = await w.room();
    const ann = await w.join(room.id, "ann");
    await w.join(room.id, "bob");
    expectProblem(await mute(room.id, "nobody", { audio: true }), 404, "not_found");
    await ann.seat.left();
    expectProblem(await mute(room.id, "ann", { audio: true }), 404, "not_found");
    expectProblem(await mute(room.id, "bob", { audio: true }, other.members.Owner.token), 404, "not_found");
    expectProblem(await mute("rm_doesnotexist0000", "bob", { audio: true }), 404, "not_found");
  });

  it("refuses bad bodies (422) and roles without participants:moderate (403)", async () => {
    const room = await w.room();
    await w.join(room.id, "ann");
    for (const body of [{}, { audio: "yes" }, { video: 1 }, { audio: null }]) {
      expectProblem(await mute(room.id, "ann", body), 422, "validation_failed");
    }
    for (const role of ROLES) {
      if (rolesWith("participants:moderate").includes(role)) continue;
      expectProblem(
        await mute(room.id, "ann", { audio: true }, w.org.members[role].token),
        403,
        "forbidden_workspace_role",
      );
      expectProblem(
        await patch(room.id, "ann", { role: "viewer" }, w.org.members[role].token),
        403,
        "forbidden_workspace_role",
      );
    }
  });

  it("answers 409 room_ended for an ended room", async () => {
    const room = await w.room();
    await call("POST", `/v1/workspace/rooms/${room.id}/end`, { token: w.org.members.Owner.token });
    expectProblem(await mute(room.id, "ann", { audio: true }), 409, "room_ended");
  });
});

describe("live role change", () => {
  it("promotes a viewer to publisher where the plane can, and records the role (publishing is then not a violation)", async () => {
    const room = await w.room();
    const viewer = await w.join(room.id, "vic", { role: "viewer" });
    const res = await patch(room.id, "vic", { role: "publisher" });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ identity: "vic", role: "publisher", connections: 1 });
    expect(stubRoom(room.id).roles?.get(viewer.seat.ref)).toBe("publisher");
    const [row] = await (await getDb())
      .select({ role: mediaConnections.role })
      .from(mediaConnections)
      .where(eq(mediaConnections.connectionId, viewer.seat.connection));
    expect(row?.role).toBe("publisher");
    const back = await patch(room.id, "vic", { role: "viewer" });
    expect(back.body).toMatchObject({ role: "viewer" });
  });

  it("refuses a role the room type does not admit (422), bad bodies (422) and someone absent (404)", async () => {
    const room = await w.room();
    await w.join(room.id, "ann");
    expectProblem(await patch(room.id, "ann", { role: "broadcaster" }), 422, "validation_failed");
    expectProblem(await patch(room.id, "ann", { role: "admin" }), 422, "validation_failed");
    expectProblem(await patch(room.id, "ann", {}), 422, "validation_failed");
    expectProblem(await patch(room.id, "zed", { role: "viewer" }), 404, "not_found");
  });
});

describe("on Janus", () => {
  /** Janus with a node nothing listens on: what the service answers before and when it asks it. */
  const DOWN_NODE = "http://127.0.0.1:9/janus";
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg({ name: "Janus moderation" });
  });

  async function seated(identity: string) {
    overrideEnvForTests({
      SVC_MEDIA_PLANE: "janus",
      JANUS_URL: DOWN_NODE,
      JANUS_PUBLIC_URL: "wss://media.example.test/janus",
      JANUS_TOKEN_SECRET: "moderation-test-token-secret-0123456789",
      JANUS_EVENTS_SECRET: "moderation-test-events-secret-0123456789",
    });
    forgetOpenedRooms();
    const res = await call<{ id: string }>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId },
    });
    const db = await getDb();
    await db.update(rooms).set({ mediaNode: DOWN_NODE, state: "active" }).where(eq(rooms.id, res.body.id));
    await db.insert(mediaConnections).values({
      connectionId: newId("room").replace("rm_", "mc_"),
      sessionRef: `${DOWN_NODE}#1`,
      roomId: res.body.id,
      identity,
      role: "viewer",
      participantRef: "4242",
      joinedAt: new Date(),
      publishedTracks: [{ kind: "audio", mid: "0" }],
    });
    return res.body.id;
  }

  it("a role change answers 409 rejoin_required (the VideoRoom cannot change rights in place)", async () => {
    try {
      const roomId = await seated("jan");
      const res = expectProblem(
        await patch(roomId, "jan", { role: "publisher" }, org.members.Owner.token),
        409,
        "rejoin_required",
      );
      expect(res.detail).toContain("join again");
    } finally {
      overrideEnvForTests({ SVC_MEDIA_PLANE: "stub" });
      forgetOpenedRooms();
    }
  });

  it("a mute whose node does not answer is 503 with Retry-After", async () => {
    try {
      const roomId = await seated("jan");
      const res = await mute(roomId, "jan", { audio: true }, org.members.Owner.token);
      expectProblem(res, 503, "service_unavailable");
      expect(res.headers.get("retry-after")).toBe("5");
    } finally {
      overrideEnvForTests({ SVC_MEDIA_PLANE: "stub" });
      forgetOpenedRooms();
    }
  });
});
