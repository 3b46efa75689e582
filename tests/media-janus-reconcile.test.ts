import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { env } from "@/lib/env";
import { endRoomsPastGrace } from "@/lib/media/fail-over";
import { mediaPlane } from "@/lib/media/media-plane";
import { reconcileMedia } from "@/lib/media/reconcile-media";
import { watchMediaNodesPass } from "@/lib/media/watch-media-nodes";
import { call } from "./helpers/app";
import { JanusTestClient, janusInstalled } from "./helpers/janus";
import { EVENTS_PATH, type MediaWorld, mediaWorld } from "./helpers/media-world";
import { until } from "./helpers/wait";

/**
 * Reconcile (docs/decisions/1042) against a real Janus: it repairs what events missed, a leave
 * whose event was lost and a node that restarted, and removes rooms the node should not hold.
 */
if (!janusInstalled)
  console.warn("SKIPPED media-janus-reconcile: `janus` is not installed (apt-get install janus)");

describe("media reconcile without a media plane", () => {
  it("does nothing with SVC_MEDIA_PLANE=none", async () => {
    expect(await reconcileMedia(await getDb())).toEqual({
      nodes: 0,
      nodes_down: 0,
      left: 0,
      joined: 0,
      ended: 0,
      failed_over: 0,
      reopened: 0,
      closed: 0,
    });
  });
});

describe.skipIf(!janusInstalled)("media reconcile", () => {
  let w: MediaWorld;
  beforeAll(async () => {
    w = await mediaWorld(1);
  });
  afterAll(async () => {
    await w?.stop();
  });

  const listed = async () =>
    (await mediaPlane()?.listRooms(w.nodes[0]?.url ?? ""))?.map((r) => r.roomId) ?? [];

  it("repairs a leave whose event was lost", async () => {
    const room = await w.newRoom();
    const alice = await w.join(room.id, "alice");
    await w.join(room.id, "bob");
    await until("two present", async () => (await w.room(room.id)).activeParticipants === 2);

    // Janus does not retry an event its receiver answered with an error: this leave is lost.
    w.app.drop.prefix = EVENTS_PATH;
    await alice.leave();
    await until("the leave posted and lost", () => w.app.dropped.some((b) => b.includes('"leaving"')));
    w.app.drop.prefix = undefined;
    expect((await w.room(room.id)).activeParticipants).toBe(2);

    const summary = await reconcileMedia(await getDb());
    expect(summary).toMatchObject({ nodes: 1, nodes_down: 0, left: 1 });
    expect((await w.eventsFor(room.id, "participant.left")).map((p) => p.identity)).toEqual(["alice"]);
    const after = await w.room(room.id);
    expect([after.state, after.activeParticipants]).toEqual(["active", 1]);
    // A second pass finds nothing more to do.
    expect(await reconcileMedia(await getDb())).toMatchObject({ left: 0, ended: 0, reopened: 0, closed: 0 });
    const end = await call("POST", `/v1/workspace/rooms/${room.id}/end`, {
      token: w.org.members.Owner.token,
    });
    expect(end.status).toBe(200);
  });

  it("after a node restarted: its active rooms fail over, rooms nobody joined come back, strangers go", async () => {
    const active = await w.newRoom();
    await w.join(active.id, "carol");
    await w.waitForState(active.id, "active");
    const waiting = await w.newRoom();
    const early = (await w.mint({ roomId: waiting.id, identity: "dave", role: "publisher" })).body.media;

    await w.nodes[0]?.restart();
    expect(await listed()).toEqual([]);
    const summary = await reconcileMedia(await getDb());
    expect(summary).toMatchObject({ failed_over: 1, reopened: 1, ended: 0 });
    // Carol left with her node; the room waits for the failover grace (docs/decisions/1202).
    const lost = await w.room(active.id);
    expect([lost.state, lost.activeParticipants, lost.mediaNode]).toEqual(["active", 0, null]);
    expect(lost.mediaLostAt).not.toBeNull();
    expect((await w.eventsFor(active.id, "participant.left")).map((p) => p.identity)).toEqual(["carol"]);
    expect(await w.eventsFor(active.id, "room.ended")).toHaveLength(0);
    // "Join again": a new credential places the room on a healthy node, and carol is back.
    await w.join(active.id, "carol");
    await until("carol back", async () => (await w.room(active.id)).activeParticipants === 1);
    expect((await w.room(active.id)).mediaLostAt).toBeNull();
    expect(await w.eventsFor(active.id, "room.ended")).toHaveLength(0);

    // The credential minted before the restart still opens the re-created room.
    const dave = new JanusTestClient(w.nodes[0]?.url ?? "", early?.token ?? "");
    w.clients.push(dave);
    expect(await dave.attach()).toBe(0);
    expect(await dave.join(waiting.id, early?.join_token)).toMatchObject({ videoroom: "joined" });
    await w.waitForState(waiting.id, "active");

    // A room that ended while its node was unreachable is still on the node: reconcile closes it.
    const ended = await call("POST", `/v1/workspace/rooms/${waiting.id}/end`, {
      token: w.org.members.Owner.token,
    });
    expect(ended.status).toBe(200);
    await mediaPlane()?.openRoom(w.nodes[0]?.url ?? "", { id: waiting.id, type: "meeting" });
    expect(await listed()).toContain(waiting.id);
    expect(await reconcileMedia(await getDb())).toMatchObject({ closed: 1 });
    expect(await listed()).not.toContain(waiting.id);
  });
  it("a node killed: its participants leave within two probes, not when it is back; the room then ends after the grace", async () => {
    const room = await w.newRoom();
    await w.join(room.id, "hana");
    await w.waitForState(room.id, "active");
    await w.nodes[0]?.down();
    const db = await getDb();
    // One missed probe is no failover; the second is.
    expect((await watchMediaNodesPass({ now: new Date() })).summary).toMatchObject({ failed_over: 0 });
    const at = new Date();
    // Every active room on it (an earlier test's room too).
    expect((await watchMediaNodesPass({ now: at })).summary?.failed_over).toBeGreaterThanOrEqual(1);
    const lost = await w.room(room.id);
    expect([lost.state, lost.activeParticipants, lost.mediaNode]).toEqual(["active", 0, null]);
    expect((await w.eventsFor(room.id, "participant.left")).map((p) => p.identity)).toEqual(["hana"]);
    // While it is lost, no credential can be placed (the only node is down): 503, the room stays.
    const mint = await w.mint({ roomId: room.id, identity: "hana", role: "publisher" });
    expect(mint.status).toBe(503);
    // Nobody back within the grace: it ends, once.
    const past = new Date(at.getTime() + (env.SVC_MEDIA_FAILOVER_GRACE_SEC + 1) * 1000);
    expect(await endRoomsPastGrace(db, past)).toBeGreaterThanOrEqual(1);
    expect((await w.room(room.id)).state).toBe("ended");
    expect(await w.eventsFor(room.id, "room.ended")).toHaveLength(1);
    await w.nodes[0]?.up();
  });
});
