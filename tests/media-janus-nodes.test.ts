import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { reconcileMedia } from "@/lib/media/reconcile-media";
import { call, expectProblem } from "./helpers/app";
import { janusInstalled } from "./helpers/janus";
import { type MediaWorld, mediaWorld } from "./helpers/media-world";
import { until } from "./helpers/wait";

/**
 * Two real Janus nodes (docs/decisions/1043): rooms go to the answering node with the fewest open
 * rooms, `media.url` names the room's node, a node that stops answering gets no new rooms, ending
 * a room on it still works, and when it is back reconcile ends the rooms it lost.
 */
if (!janusInstalled)
  console.warn("SKIPPED media-janus-nodes: `janus` is not installed (apt-get install janus)");

describe.skipIf(!janusInstalled)("several Janus nodes", () => {
  let w: MediaWorld;
  beforeAll(async () => {
    w = await mediaWorld(2);
  });
  afterAll(async () => {
    await w?.stop();
  });

  const nodeUrl = (i: number) => w.nodes[i]?.url ?? "";
  async function place(roomId: string, identity = "p") {
    const res = await w.mint({ roomId, identity, role: "publisher" });
    expect(res.status, res.text).toBe(200);
    return res.body.media?.url;
  }

  it("places each new room on the node with the fewest open rooms, and media.url names it", async () => {
    const rooms = [await w.newRoom(), await w.newRoom(), await w.newRoom(), await w.newRoom()];
    const urls = [];
    for (const r of rooms) urls.push(await place(r.id));
    expect(urls).toEqual([w.publicUrl(0), w.publicUrl(1), w.publicUrl(0), w.publicUrl(1)]);
    for (const [i, r] of rooms.entries()) expect((await w.room(r.id)).mediaNode).toBe(nodeUrl(i % 2));
    // A room keeps its node: its next credential points at the same one.
    expect(await place(rooms[0]?.id ?? "", "again")).toBe(w.publicUrl(0));
    for (const r of rooms) {
      expect(
        (await call("POST", `/v1/workspace/rooms/${r.id}/end`, { token: w.org.members.Owner.token })).status,
      ).toBe(200);
    }
  });

  it("a node down: no new rooms there, waiting rooms move, active ones answer 503 until failed over, then move; back: reconciled", async () => {
    // On node 1 (both nodes have no open room: configuration order): one room in use, one waiting.
    const busy = await w.newRoom();
    await w.join(busy.id, "ann");
    expect((await w.room(busy.id)).mediaNode).toBe(nodeUrl(0));
    await w.waitForState(busy.id, "active");
    const other = await w.newRoom();
    await w.join(other.id, "ben");
    const waiting = await w.newRoom();
    expect(await place(waiting.id)).toBe(w.publicUrl(0));
    await w.waitForState(other.id, "active");
    expect((await w.room(other.id)).mediaNode).toBe(nodeUrl(1));

    await w.nodes[0]?.down();
    // New rooms go to node 2 (a node that fails to open a room is passed over at once).
    const fresh = await w.newRoom();
    expect(await place(fresh.id)).toBe(w.publicUrl(1));
    // A room nobody joined moves with its next credential, once the silence is noticed (the last
    // answer counts for a few seconds: a warm token calls no node).
    await until(
      "the waiting room moved to node 2",
      async () => (await place(waiting.id, "late")) === w.publicUrl(1),
    );
    expect((await w.room(waiting.id)).mediaNode).toBe(nodeUrl(1));
    // A room in use stays where its participants are: 503 until the node is back.
    const refused = await w.mint({ roomId: busy.id, identity: "cat", role: "publisher" });
    expectProblem(refused, 503, "service_unavailable");
    expect(refused.headers.get("retry-after")).toBe("5");
    // Reconcile finds the node down: one failed listing is one miss, not yet a lost node
    // (lib/media/node-misses.ts); the second in a row fails its active room over
    // (docs/decisions/1202, 1362): ann leaves now, the room waits for its grace.
    expect(await reconcileMedia(await getDb())).toMatchObject({ nodes: 2, nodes_down: 1, failed_over: 0 });
    expect((await w.room(busy.id)).mediaNode).toBe(nodeUrl(0));
    expect(await reconcileMedia(await getDb())).toMatchObject({ nodes: 2, nodes_down: 1, failed_over: 1 });
    expect((await w.eventsFor(busy.id, "participant.left")).map((p) => p.identity)).toEqual(["ann"]);
    expect((await w.room(busy.id)).state).toBe("active");
    // "Join again": the next credential places it on the healthy node.
    expect(await place(busy.id, "ann")).toBe(w.publicUrl(1));

    // The node restarts empty: nothing of it is ended; the room lives on node 2.
    await w.nodes[0]?.up();
    const summary = await reconcileMedia(await getDb());
    expect(summary).toMatchObject({ nodes_down: 0, ended: 0 });
    expect((await w.room(busy.id)).state).toBe("active");
    expect(await w.eventsFor(busy.id, "room.ended")).toHaveLength(0);
    expect((await w.room(other.id)).state).toBe("active");
    // It takes new rooms again.
    const next = await w.newRoom();
    expect(await place(next.id)).toBe(w.publicUrl(0));
  });

  it("ends a room whose node is down", async () => {
    const room = await w.newRoom();
    expect(await place(room.id)).toBeDefined();
    const node = (await w.room(room.id)).mediaNode;
    const index = w.nodes.findIndex((n) => n.url === node);
    expect(index).toBeGreaterThanOrEqual(0);
    await w.nodes[index]?.down();
    const res = await call("POST", `/v1/workspace/rooms/${room.id}/end`, {
      token: w.org.members.Owner.token,
    });
    expect(res.status, res.text).toBe(200);
    expect((await w.room(room.id)).state).toBe("ended");
    await w.nodes[index]?.up();
  });
});
