import { eq } from "drizzle-orm";
import { TokenVerifier } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { admitToRoom } from "@/lib/media/admit-to-room";
import { findDriver } from "@/lib/media/driver-registry";
import { readJanusCredential } from "@/lib/media/janus/credential";
import { mediaPlane } from "@/lib/media/media-plane";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import type { MediaCredential } from "@/lib/media/plane";
import { receiveObservations } from "@/lib/media/receive-observations";
import { readStubCredential, STUB_NODES, stubNodeSecret, stubServer } from "@/lib/media/stub/stub-plane";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { type CallResult, call } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { janusInstalled } from "./helpers/janus";
import { LK_KEY, LK_SECRET, participant, signedWebhook, webhookEvent } from "./helpers/livekit";
import { type LivekitWorld, livekitWorld } from "./helpers/livekit-world";
import { drainMediaIntake } from "./helpers/media-intake";
import { type MediaWorld, mediaWorld, TOKEN_SECRET } from "./helpers/media-world";
import { until } from "./helpers/wait";

/**
 * The shared driver contract (issue 42 item 1): every registered driver (Janus, LiveKit and the
 * test-only stub, lib/media/driver-registry.ts) passes the same checks, each through its own
 * media server's words: its credential read by the plane's own verifier; its events turned into
 * room states and webhooks by the one domain call; end, remove and record asked of the plane.
 * Janus is a real Janus process (its event handler posts to the served app); LiveKit is the fake
 * Twirp server built from LiveKit's own libraries, with webhooks signed as LiveKit signs them; the
 * stub lives in memory. What a plane cannot do is stated here as such (docs/media-plane.md's
 * capability matrix).
 */

interface Seat {
  identity: string;
  leave(): Promise<void>;
}

interface Harness {
  provider: string;
  available: boolean;
  org(): TestOrg;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The credential as the plane itself reads it. */
  readCredential(
    c: MediaCredential,
  ): Promise<{ room: string; identity: string; role: string; expSec: number } | undefined>;
  /** The identity enters the room on the plane; the plane's events reach the service. */
  enter(room: RoomDto, identity: string, role?: string, media?: MediaCredential): Promise<Seat>;
  /** Who is in the room on the plane now; undefined when the room is not on it. */
  present(roomId: string): Promise<string[] | undefined>;
  /** Recording needs storage this plane can write to (LiveKit: S3). */
  recordsLocally: boolean;
}

/** A room token's grant, as lib/tokens would hand it to the plane. */
const grantFor = (identity: string, role = "publisher", ttlSec = 600) => ({
  identity,
  role,
  caps: role === "viewer" ? ["subscribe:all"] : ["publish:camera", "publish:mic", "subscribe:all"],
  issuedAt: new Date(Math.floor(Date.now() / 1000) * 1000),
  expiresAt: new Date(Math.floor(Date.now() / 1000 + ttlSec) * 1000),
  projectId: "prj_contract",
  userId: identity,
});

async function newRoom(org: TestOrg, type = "meeting"): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId, type, record: "manual" },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** The room as the database holds it (its node and presence). */
async function roomRow(_org: TestOrg, id: string) {
  const [row] = await (await getDb()).select().from(rooms).where(eq(rooms.id, id));
  if (!row) throw new Error(`no room ${id}`);
  return row;
}

function janusHarness(): Harness {
  let w: MediaWorld;
  return {
    provider: "janus",
    available: janusInstalled,
    org: () => w.org,
    async start() {
      w = await mediaWorld(1);
    },
    stop: () => w.stop(),
    async readCredential(c) {
      const g = readJanusCredential(TOKEN_SECRET, c.token);
      return (
        g && { room: g.roomId, identity: g.identity, role: g.role, expSec: g.expiresAt.getTime() / 1000 }
      );
    },
    async enter(room, identity, role = "publisher") {
      const client = await w.join(room.id, identity, role);
      return { identity, leave: () => client.leave() };
    },
    async present(roomId) {
      const plane = mediaPlane();
      const rooms = await plane?.listRooms(plane.nodes[0] ?? "");
      return rooms?.find((r) => r.roomId === roomId)?.participantRefs;
    },
    recordsLocally: true,
  };
}

function livekitHarness(): Harness {
  let w: LivekitWorld;
  let sid = 0;
  const post = async (event: Parameters<typeof webhookEvent>[0]) => {
    const { body, authorization } = await signedWebhook(webhookEvent(event));
    const res = await w.post(body, authorization);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
  };
  return {
    provider: "livekit",
    available: true,
    org: () => w.org,
    async start() {
      w = await livekitWorld();
    },
    stop: () => w.stop(),
    async readCredential(c) {
      // LiveKit's own verifier (the server checks tokens with the same code).
      const claims = await new TokenVerifier(LK_KEY, LK_SECRET).verify(c.token).catch(() => undefined);
      const role = claims?.attributes?.role;
      if (!claims?.sub || !claims.video?.room || !role || claims.exp === undefined) return undefined;
      return { room: claims.video.room, identity: claims.sub, role, expSec: claims.exp };
    },
    async enter(room, identity, role = "publisher", minted?: MediaCredential) {
      // The credential places the room; what LiveKit does when it connects (it creates the room if
      // needed: auto_create): the participant is in the room, and a webhook says so.
      const media =
        minted ?? (await admitToRoom(await getDb(), await roomRow(w.org, room.id), grantFor(identity, role)));
      expect(media?.provider).toBe("livekit");
      const p = participant(`PA_contract${++sid}`, identity, { role });
      const people = w.lk.rooms.get(room.id) ?? [];
      people.push(p);
      w.lk.rooms.set(room.id, people);
      await post({ event: "participant_joined", room: { name: room.id }, participant: p });
      return {
        identity,
        leave: async () => {
          const list = w.lk.rooms.get(room.id) ?? [];
          w.lk.rooms.set(
            room.id,
            list.filter((x) => x.sid !== p.sid),
          );
          await post({ event: "participant_left", room: { name: room.id }, participant: p });
        },
      };
    },
    async present(roomId) {
      return w.lk.rooms.get(roomId)?.map((p) => p.identity);
    },
    recordsLocally: false,
  };
}

function stubHarness(): Harness {
  let org: TestOrg;
  let n = 0;
  const node = STUB_NODES[0];
  /** The stub's event request, through its registration and the one domain call (as a route would). */
  // As the room's node (its own credential): the pipeline ignores events about other nodes' rooms.
  const post = async (events: Record<string, unknown>[], from: string = node) => {
    const reg = findDriver("stub")?.events;
    if (!reg) throw new Error("the stub registers no events");
    const req = new Request("http://svc.test/v1/internal/media/stub", {
      method: "POST",
      headers: { authorization: `Bearer ${stubNodeSecret(from)}`, "content-type": "application/json" },
      body: JSON.stringify({ events }),
    });
    const settings = { NODE_ENV: "test" as const, SVC_MEDIA_PLANE: "stub" };
    const sender = await reg.authenticate(req, settings);
    expect(sender).toEqual({ node: from });
    const parsed = await reg.parse(req, sender, settings);
    const receipt = await receiveObservations(await getDb(), {
      provider: "stub",
      node: sender.node,
      observations: parsed.observations,
    });
    // Stored by the one door; the intake job applies it (lib/media/intake.ts).
    await drainMediaIntake();
    return receipt;
  };
  return {
    provider: "stub",
    available: true,
    org: () => org,
    async start() {
      overrideEnvForTests({ SVC_MEDIA_PLANE: "stub" });
      forgetOpenedRooms();
      stubServer.reset();
      org = await createOrg();
    },
    async stop() {
      overrideEnvForTests({});
      forgetOpenedRooms();
    },
    async readCredential(c) {
      const g = readStubCredential(c.token);
      return g && { room: g.room, identity: g.id, role: g.role, expSec: g.exp / 1000 };
    },
    async enter(room, identity, role = "publisher", minted?: MediaCredential) {
      const media =
        minted ?? (await admitToRoom(await getDb(), await roomRow(org, room.id), grantFor(identity, role)));
      if (!media) throw new Error("no credential");
      const connection = `conn-${++n}`;
      const ref = `feed-${n}`;
      // As a plane that opens a room when a credential joins it would.
      const rooms = stubServer.nodes.get(media.url);
      if (rooms && !rooms.has(room.id))
        rooms.set(room.id, { participants: new Set(), recording: null, streams: new Map() });
      rooms?.get(room.id)?.participants.add(ref);
      const t = Date.now();
      await post(
        [
          { type: "connect", id: `${connection}:c`, at: t, connection, token: media.token },
          { type: "join", id: `${connection}:j`, at: t + 1, connection, room: room.id, participant: ref },
        ],
        media.url,
      );
      return {
        identity,
        leave: async () => {
          stubServer.nodes.get(media.url)?.get(room.id)?.participants.delete(ref);
          await post(
            [{ type: "leave", id: `${connection}:l`, at: Date.now() + 2, room: room.id, participant: ref }],
            media.url,
          );
        },
      };
    },
    async present(roomId) {
      for (const rooms of stubServer.nodes.values()) {
        const r = rooms.get(roomId);
        if (r) return [...r.participants];
      }
      return undefined;
    },
    recordsLocally: true,
  };
}

const HARNESSES = [janusHarness(), livekitHarness(), stubHarness()];

describe("every registered driver has a contract harness", () => {
  it("the table and the suite name the same drivers", async () => {
    const { MEDIA_DRIVERS } = await import("@/lib/media/driver-registry");
    expect(HARNESSES.map((h) => h.provider).sort()).toEqual(MEDIA_DRIVERS.map((d) => d.provider).sort());
  });
});

for (const h of HARNESSES) {
  if (!h.available)
    console.warn(`SKIPPED the ${h.provider} driver contract: its media server is not installed`);
  describe.skipIf(!h.available)(`driver contract: ${h.provider}`, () => {
    beforeAll(async () => {
      await h.start();
    });
    afterAll(async () => {
      await h.stop();
    });
    const owner = () => ({ token: h.org().members.Owner.token });

    it("credential: opens this room for this identity and role, and expires with the room token", async () => {
      const room = await newRoom(h.org());
      const grant = grantFor("alice", "viewer", 300);
      const media = await admitToRoom(await getDb(), await roomRow(h.org(), room.id), grant);
      expect(media?.provider).toBe(h.provider);
      const read = media && (await h.readCredential(media));
      expect(read).toEqual({
        room: room.id,
        identity: "alice",
        role: "viewer",
        expSec: grant.expiresAt.getTime() / 1000,
      });
      // A credential the plane's verifier would refuse is not one.
      expect(
        await h.readCredential({ ...(media as MediaCredential), token: "forged.token.x" }),
      ).toBeUndefined();
    });

    it("events: a join makes the room active; the last leave emits participant.left and ends the room", async () => {
      const room = await newRoom(h.org());
      const alice = await h.enter(room, "alice");
      await until("active", async () => (await roomRow(h.org(), room.id)).state === "active");
      const bob = await h.enter(room, "bob");
      await until("two present", async () => (await roomRow(h.org(), room.id)).activeParticipants === 2);
      await alice.leave();
      await until("one present", async () => (await roomRow(h.org(), room.id)).activeParticipants === 1);
      expect((await roomRow(h.org(), room.id)).state).toBe("active");
      await bob.leave();
      await until("ended", async () => (await roomRow(h.org(), room.id)).state === "ended");
    });

    it("end: the host's end removes everyone from the plane and the room from its node", async () => {
      const room = await newRoom(h.org());
      await h.enter(room, "carol");
      await until("carol on the plane", async () => ((await h.present(room.id)) ?? []).length === 1);
      const ended = await call("POST", `/v1/workspace/rooms/${room.id}/end`, owner());
      expect(ended.status, ended.text).toBe(200);
      await until("gone from the plane", async () => (await h.present(room.id)) === undefined);
      expect((await roomRow(h.org(), room.id)).state).toBe("ended");
    });

    it("remove: one participant is removed from the plane, the others stay", async () => {
      const room = await newRoom(h.org());
      await h.enter(room, "dave");
      await h.enter(room, "erin");
      await until("both on the plane", async () => ((await h.present(room.id)) ?? []).length === 2);
      // The plane's events (Janus posts them on its own) have reached the service.
      await until("both present", async () => (await roomRow(h.org(), room.id)).activeParticipants === 2);
      const removed = await call<{ removed: number }>(
        "DELETE",
        `/v1/workspace/rooms/${room.id}/participants/dave`,
        owner(),
      );
      expect(removed.status, removed.text).toBe(200);
      expect(removed.body.removed).toBe(1);
      await until("one left on the plane", async () => ((await h.present(room.id)) ?? []).length === 1);
    });

    it("record: a recording starts and stops on the plane (or is refused naming what it needs)", async () => {
      const room = await newRoom(h.org());
      await h.enter(room, "frank");
      await until("active", async () => (await roomRow(h.org(), room.id)).state === "active");
      const started: CallResult<{ id: string }> = await call(
        "POST",
        `/v1/workspace/rooms/${room.id}/recordings`,
        owner(),
      );
      if (!h.recordsLocally) {
        expect(started.status, started.text).toBe(409);
        expect(started.text).toContain("S3_BUCKET");
        return;
      }
      expect(started.status, started.text).toBe(201);
      const stopped = await call(
        "POST",
        `/v1/workspace/rooms/${room.id}/recordings/${started.body.id}/stop`,
        owner(),
      );
      expect(stopped.status, stopped.text).toBe(200);
    });
  });
}

/**
 * Room-type rules on every plane (issue 42 item 6): where the plane cannot refuse a publisher
 * beyond the type's limit (lib/rooms/room-publishers.ts), the domain removes the latest one as soon
 * as its join is reported; viewers never count; an ended room admits nobody. Janus refuses the
 * extra publisher itself (its rooms are created with `publishers` = the limit).
 */
for (const h of HARNESSES.filter((x) => !findDriver(x.provider)?.capabilities.enforcesPublisherLimit)) {
  describe(`room-type rules: ${h.provider}`, () => {
    beforeAll(async () => {
      await h.start();
    });
    afterAll(async () => {
      await h.stop();
    });

    it("a 1to1 room keeps two publishers: the third is removed from the plane; a viewer stays", async () => {
      const room = await newRoom(h.org(), "1to1");
      await h.enter(room, "ann");
      await h.enter(room, "ben");
      await h.enter(room, "vic", "viewer");
      await until("three on the plane", async () => ((await h.present(room.id)) ?? []).length === 3);
      await h.enter(room, "cat");
      await until("cat removed", async () => ((await h.present(room.id)) ?? []).length === 3);
      const present = (await h.present(room.id)) ?? [];
      // LiveKit lists identities, the stub its participant ids: the count and the viewer say it.
      expect(present).toHaveLength(3);
      if (h.provider === "livekit") expect([...present].sort()).toEqual(["ann", "ben", "vic"]);
    });

    it("a meeting admits more publishers than a 1to1 room", async () => {
      const room = await newRoom(h.org(), "meeting");
      for (const who of ["p1", "p2", "p3", "p4"]) await h.enter(room, who);
      await until("four on the plane", async () => ((await h.present(room.id)) ?? []).length === 4);
      expect(await h.present(room.id)).toHaveLength(4);
    });

    it("an ended room admits nobody: a join after the end closes the room on the plane again", async () => {
      const room = await newRoom(h.org());
      await h.enter(room, "early");
      const minted = await admitToRoom(await getDb(), await roomRow(h.org(), room.id), grantFor("late"));
      const ended = await call("POST", `/v1/workspace/rooms/${room.id}/end`, {
        token: h.org().members.Owner.token,
      });
      expect(ended.status, ended.text).toBe(200);
      await until("gone from the plane", async () => (await h.present(room.id)) === undefined);
      // A credential minted before the end, used after it (the plane opens the room again).
      await h.enter(room, "late", "publisher", minted);
      await until("closed again", async () => (await h.present(room.id)) === undefined);
      expect((await roomRow(h.org(), room.id)).state).toBe("ended");
    });
  });
}

describe("the stub is a test-only plane", () => {
  it("SVC_MEDIA_PLANE=stub is refused outside tests, and no document lists it", async () => {
    const { parseEnv } = await import("@/lib/env");
    expect(() =>
      parseEnv({ NODE_ENV: "production", SVC_MEDIA_PLANE: "stub", NEXTAUTH_SECRET: "x".repeat(40) }),
    ).toThrow(/test-only/);
    expect(parseEnv({ NODE_ENV: "test", SVC_MEDIA_PLANE: "stub" }).SVC_MEDIA_PLANE).toBe("stub");
    const { PUBLIC_PROVIDERS } = await import("@/lib/media/driver-registry");
    expect(PUBLIC_PROVIDERS).toEqual(["janus", "livekit"]);
  });

  it("its events need a node's own credential", async () => {
    const reg = findDriver("stub")?.events;
    const req = new Request("http://svc.test/", {
      method: "POST",
      headers: { authorization: "Bearer nope" },
    });
    await expect(async () =>
      reg?.authenticate(req, { NODE_ENV: "test", SVC_MEDIA_PLANE: "stub" }),
    ).rejects.toThrow(/credential/);
  });
});
