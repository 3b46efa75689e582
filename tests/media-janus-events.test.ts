import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import { getDb } from "@/lib/db";
import { janusCredential } from "@/lib/media/janus/credential";
import { call, expectProblem } from "./helpers/app";
import { createOrg } from "./helpers/fixtures";
import { JanusTestClient, janusInstalled } from "./helpers/janus";
import { appliedBy } from "./helpers/media-intake";
import { EVENTS_PATH, EVENTS_SECRET, type MediaWorld, mediaWorld, TOKEN_SECRET } from "./helpers/media-world";
import { until } from "./helpers/wait";

/**
 * Janus's event handler → POST /v1/internal/media/janus → room state and webhooks (the outbox's
 * events), with real Janus processes (docs/media-plane.md), and the endpoint's refusals.
 */
if (!janusInstalled)
  console.warn("SKIPPED media-janus-events: `janus` is not installed (apt-get install janus)");

/** The org's audit entries for removed participants. */
const removals = async (orgId: string) =>
  (await getDb())
    .select({ metadata: auditLog.metadata })
    .from(auditLog)
    .where(and(eq(auditLog.orgId, orgId), eq(auditLog.action, "room.participant_removed")));

const basic = (password: string, user = "janus") =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
/**
 * Posts as Janus does; a `raw` string is sent as it is (as JSON content). The answer says what was
 * stored; `applied` is what applying it changed (the intake's job, run here).
 */
const post = async (body: unknown, authorization = basic(EVENTS_SECRET), raw = false) => {
  const res = await call<{ accepted: boolean; received: number; stored: number; intake_id: string | null }>(
    "POST",
    EVENTS_PATH,
    {
      headers: { authorization, "content-type": "application/json" },
      ...(raw ? { body: String(body) } : { json: body }),
    },
  );
  const applied = res.status === 202 ? await appliedBy(res.body.intake_id) : 0;
  return { ...res, body: { ...res.body, applied } };
};

describe.skipIf(!janusInstalled)("Janus events", () => {
  let w: MediaWorld;
  beforeAll(async () => {
    w = await mediaWorld(1);
  });
  afterAll(async () => {
    await w?.stop();
  });

  it("a join makes the room active; the last leave ends it, with participant.left per leave and room.ended once", async () => {
    const room = await w.newRoom();
    const alice = await w.join(room.id, "alice");
    await w.waitForState(room.id, "active");
    const bob = await w.join(room.id, "bob");
    await until("two present", async () => (await w.room(room.id)).activeParticipants === 2);

    await alice.leave();
    await until("alice left", async () => (await w.eventsFor(room.id, "participant.left")).length === 1);
    expect((await w.room(room.id)).state).toBe("active");
    // A destroyed session is a leave too.
    await bob.destroy();
    await w.waitForState(room.id, "ended");
    const left = await w.eventsFor(room.id, "participant.left");
    expect(left.map((p) => p.identity).sort()).toEqual(["alice", "bob"]);
    expect(await w.eventsFor(room.id, "room.ended")).toHaveLength(1);
  });

  it("refuses anything but the events secret as HTTP basic: 401 problem+json", async () => {
    expectProblem(await post([], basic("wrong-secret-0123456789")), 401, "unauthenticated");
    expectProblem(await post([], `Bearer ${EVENTS_SECRET}`), 401, "unauthenticated");
    expectProblem(await post([], basic("")), 401, "unauthenticated");
    const none = await call("POST", EVENTS_PATH, { json: [] });
    expectProblem(none, 401, "unauthenticated");
    expect(none.headers.get("www-authenticate")).toContain("Basic");
    // The user name is not checked; the password is.
    expect((await post({ type: 999, timestamp: 1, event: {} }, basic(EVENTS_SECRET, "other"))).status).toBe(
      202,
    );
  });

  it("answers 4xx, never 5xx, to bodies that are not Janus event JSON", async () => {
    expectProblem(await post("{not json", basic(EVENTS_SECRET), true), 400, "invalid_json");
    for (const bad of [
      "a string",
      42,
      [],
      [{ type: 64 }],
      { type: "64", timestamp: 1, event: {} },
      { type: 64, timestamp: 1, event: "x" },
      Array.from({ length: 101 }, () => ({ type: 1, timestamp: 1, event: {} })),
    ]) {
      expectProblem(await post(bad), 422, "validation_failed");
    }
    const wrongType = await call("POST", EVENTS_PATH, {
      headers: { authorization: basic(EVENTS_SECRET), "content-type": "text/plain" },
      body: "[]",
    });
    expect(wrongType.status).toBe(415);
  });

  it("ignores unknown event types, unknown rooms and tokens it did not sign (202, nothing applied)", async () => {
    const ts = Date.now() * 1000;
    const forged = janusCredential("not-our-secret-0123456789", {
      roomId: "rm_unknown0000000000000000",
      identity: "mallory",
      role: "publisher",
      expiresAt: new Date(Date.now() + 60_000),
    });
    const res = await post([
      { type: 999, timestamp: ts, event: { anything: true } },
      { type: 256, timestamp: ts, event: { status: "started" } },
      {
        type: 2,
        timestamp: ts,
        session_id: 1,
        handle_id: 2,
        event: { name: "attached", plugin: "janus.plugin.videoroom", token: forged.token },
      },
      {
        type: 64,
        timestamp: ts,
        session_id: 1,
        handle_id: 2,
        event: {
          plugin: "janus.plugin.videoroom",
          data: { event: "joined", room: "rm_unknown0000000000000000", id: "1" },
        },
      },
      {
        type: 64,
        timestamp: ts,
        event: { plugin: "janus.plugin.videoroom", data: { event: "leaving", room: 1234, id: 5 } },
      },
      { type: 64, timestamp: ts, event: { plugin: "janus.plugin.videoroom", data: "not an object" } },
    ]);
    expect(res.status, res.text).toBe(202);
    expect(res.body).toMatchObject({ accepted: true, received: 6, applied: 0 });
  });

  it("is safe with repeated and out-of-order events", async () => {
    const room = await w.newRoom();
    await w.mint({ roomId: room.id, identity: "carol", role: "publisher" });
    const { token } = janusCredential(TOKEN_SECRET, {
      roomId: room.id,
      identity: "carol",
      role: "publisher",
      expiresAt: new Date(Date.now() + 600_000),
    });
    const t0 = Date.now() * 1000;
    const session = 900_000_000 + Math.floor(Math.random() * 1e6);
    const env = (type: number, at: number, event: Record<string, unknown>, handle = true) => ({
      type,
      timestamp: at,
      session_id: session,
      ...(handle ? { handle_id: session + 1 } : {}),
      event,
    });
    const vr = (data: Record<string, unknown>) => ({
      plugin: "janus.plugin.videoroom",
      data: { room: room.id, ...data },
    });
    const attached = env(2, t0, { name: "attached", plugin: "janus.plugin.videoroom", token });
    const joined = env(64, t0 + 1000, vr({ event: "joined", id: "p1" }));
    const leaving = env(64, t0 + 5000, vr({ event: "leaving", id: "p1" }), false);

    // A leave before anything is known about its participant changes nothing yet; it is kept, and
    // the join, when it comes, leaves at once (docs/decisions/1201).
    expect((await post([leaving])).body.applied).toBe(0);
    expect((await post([attached, joined])).body.applied).toBe(2);
    expect((await w.room(room.id)).state).toBe("ended");
    expect((await post([attached, joined])).body.applied).toBe(0);
    expect((await post([leaving, leaving])).body.applied).toBe(0);
    // A join older than the leave arrives late: stale.
    expect((await post([env(64, t0 + 2000, vr({ event: "joined", id: "p1" }))])).body.applied).toBe(0);
    expect(await w.eventsFor(room.id, "participant.left")).toHaveLength(1);
    expect(await w.eventsFor(room.id, "room.ended")).toHaveLength(1);
  });

  it("emits qos.alert for statistics over the thresholds, once per room, kind and window", async () => {
    const room = await w.newRoom();
    const client = await w.join(room.id, "dan");
    const stats = (rtt: number, quality: number) => ({
      type: 32,
      subtype: 3,
      timestamp: Date.now() * 1000,
      session_id: client.session,
      handle_id: client.handle,
      event: {
        media: "audio",
        rtt,
        "in-link-quality": quality,
        "packets-received": 500,
        "bytes-received-lastsec": 4000,
      },
    });
    await until("dan's connection known", async () => (await w.room(room.id)).state === "active");
    expect((await post([stats(80, 100)])).body.applied).toBe(0);
    expect((await post([stats(900, 30), stats(950, 20)])).body.applied).toBe(2);
    const alerts = await w.eventsFor(room.id, "qos.alert");
    expect(alerts.map((a) => a.kind).sort()).toEqual(["high_rtt", "loss_storm"]);
    expect(alerts.find((a) => a.kind === "high_rtt")).toMatchObject({ identity: "dan", value: 900 });
  });

  it("removes a viewer who publishes (Janus cannot refuse it), and leaves publishers alone", async () => {
    const room = await w.newRoom();
    const host = await w.join(room.id, "host");
    const viewer = await w.join(room.id, "watcher", "viewer");
    await until("both present", async () => (await w.room(room.id)).activeParticipants === 2);
    // Janus's `published` events (real media needs ICE, which loopback cannot do here).
    const published = (id: string) => ({
      type: 64,
      timestamp: Date.now() * 1000,
      event: { plugin: "janus.plugin.videoroom", data: { event: "published", room: room.id, id } },
    });
    // The removal is a policy run after the commit (docs/decisions/1204): it changes no row itself.
    expect((await post([published(host.participantId)])).body.applied).toBe(0);
    expect((await post([published(viewer.participantId)])).body.applied).toBe(0);
    await viewer.waitForPluginEvent((d) => d.leaving === "ok" && d.reason === "kicked");
    await until(
      "the viewer's leave",
      async () => (await w.eventsFor(room.id, "participant.left")).length === 1,
    );
    expect((await w.eventsFor(room.id, "participant.left"))[0]).toMatchObject({ identity: "watcher" });
    expect((await w.room(room.id)).state).toBe("active");
  });

  it("removes one participant on request (the console's action), only in the caller's org", async () => {
    const room = await w.newRoom();
    const frank = await w.join(room.id, "frank");
    await w.join(room.id, "gina");
    await until("both present", async () => (await w.room(room.id)).activeParticipants === 2);
    const owner = { token: w.org.members.Owner.token };
    const remove = (identity: string, token = owner) =>
      call<{ identity: string; removed: number }>(
        "DELETE",
        `/v1/workspace/rooms/${room.id}/participants/${encodeURIComponent(identity)}`,
        token,
      );
    const stranger = await createOrg({ name: "Stranger" });
    expectProblem(await remove("frank", { token: stranger.members.Owner.token }), 404, "not_found");
    expectProblem(
      await remove("frank", { token: w.org.members.Member.token }),
      403,
      "forbidden_workspace_role",
    );
    expect((await remove("nobody")).body).toEqual({ identity: "nobody", removed: 0 });
    expect(await removals(w.org.id)).toHaveLength(0);
    const kicked = await remove("frank", { token: w.org.members.Developer.token });
    expect(kicked.status, kicked.text).toBe(200);
    expect(kicked.body).toEqual({ identity: "frank", removed: 1 });
    expect(await removals(w.org.id)).toHaveLength(1);
    await frank.waitForPluginEvent((d) => d.leaving === "ok" && d.reason === "kicked");
    await until("frank left", async () => (await w.eventsFor(room.id, "participant.left")).length === 1);
    expect((await w.room(room.id)).state).toBe("active");
  });

  it("ending a room kicks everyone (their pages are told) and removes it from Janus", async () => {
    const room = await w.newRoom();
    const media = (await w.mint({ roomId: room.id, identity: "erin", role: "publisher" })).body.media;
    const erin = await w.join(room.id, "erin");
    await w.waitForState(room.id, "active");
    const res = await call("POST", `/v1/workspace/rooms/${room.id}/end`, {
      token: w.org.members.Owner.token,
    });
    expect(res.status, res.text).toBe(200);
    const told = await erin.waitForPluginEvent((d) => d.leaving === "ok");
    expect(told).toMatchObject({ videoroom: "event", leaving: "ok", reason: "kicked" });
    // The same credential finds no room to rejoin.
    const again = new JanusTestClient(w.nodes[0]?.url ?? "", media?.token ?? "");
    w.clients.push(again);
    expect(await again.attach()).toBe(0);
    expect(await again.join(room.id, media?.join_token)).toMatchObject({ error_code: 426 });
    await until(
      "erin's leave recorded",
      async () => (await w.eventsFor(room.id, "participant.left")).length === 1,
    );
    expect(await w.eventsFor(room.id, "room.ended")).toHaveLength(1);
  });
});
