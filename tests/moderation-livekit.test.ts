import {
  MuteRoomTrackRequest,
  ParticipantInfo,
  Room,
  TrackInfo,
  TrackType,
  UpdateParticipantRequest,
} from "@livekit/protocol";
import { TokenVerifier } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import type { RoomToken } from "@/lib/tokens/room-token-schema";
import { call, expectProblem } from "./helpers/app";
import { LK_KEY, LK_SECRET, signedWebhook, webhookEvent } from "./helpers/livekit";
import { type LivekitWorld, livekitWorld } from "./helpers/livekit-world";

/**
 * Moderation on LiveKit (issue 47), proven with LiveKit's own libraries: tokens minted by the real
 * endpoint and read back by livekit-server-sdk's TokenVerifier; joins reported as LiveKit signs its
 * webhooks (the participant carrying the attributes its token gave); the service's calls decoded
 * by @livekit/protocol in the fake Twirp server (tests/helpers/livekit.ts). LiveKit checks tokens
 * only when a client connects, so a revoked token's join is removed as soon as its webhook is
 * applied (docs/decisions/1320). No LiveKit server runs here (docs/media-plane-livekit.md).
 */

let w: LivekitWorld;
let key: MintedApiKey;
let sid = 0;

beforeAll(async () => {
  w = await livekitWorld();
  const res = await call<MintedApiKey>("POST", `/v1/workspace/projects/${w.org.projectId}/api-keys`, {
    token: w.org.members.Owner.token,
    json: { name: "livekit moderation" },
  });
  expect(res.status, res.text).toBe(201);
  key = res.body;
});
afterAll(async () => {
  await w?.stop();
});

const mint = async (roomId: string, identity: string, extra: Record<string, unknown> = {}) => {
  const res = await call<RoomToken>("POST", "/v1/auth/tokens/room", {
    headers: { authorization: `Bearer ${key.project_key}` },
    json: { roomId, identity, role: "publisher", ...extra },
  });
  expect(res.status, res.text).toBe(200);
  const token = res.body.media?.token ?? "";
  // What LiveKit itself reads from the token when the client connects.
  return new TokenVerifier(LK_KEY, LK_SECRET).verify(token);
};

/** The client connected with this token: LiveKit lists it and posts participant_joined. */
async function connect(roomId: string, claims: Awaited<ReturnType<typeof mint>>, tracks: TrackInfo[] = []) {
  const p = new ParticipantInfo({
    sid: `PA_mod${++sid}`,
    identity: claims.sub ?? "",
    joinedAtMs: BigInt(Date.now()),
    attributes: claims.attributes ?? {},
    tracks,
  });
  const people = w.lk.rooms.get(roomId) ?? [];
  people.push(p);
  w.lk.rooms.set(roomId, people);
  const { body, authorization } = await signedWebhook(
    webhookEvent({
      event: "participant_joined",
      room: new Room({ name: roomId, sid: `RM_${roomId}` }),
      participant: p,
    }),
  );
  const res = await w.post(body, authorization);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return p;
}

const present = (roomId: string) => (w.lk.rooms.get(roomId) ?? []).map((p) => p.identity).sort();
const calls = (method: string) => w.lk.calls.filter((c) => c.method === method);

describe("revocation on LiveKit", () => {
  it("the token carries when it was minted and by which key; a revoked token's join is removed at once", async () => {
    const room = await w.newRoom();
    const annToken = await mint(room.id, "ann");
    expect(annToken.attributes).toMatchObject({ role: "publisher", key: key.id });
    expect(Number(annToken.attributes?.iat)).toBeGreaterThan(Date.now() - 60_000);
    await connect(room.id, await mint(room.id, "bob"));
    await connect(room.id, annToken);
    expect(present(room.id)).toEqual(["ann", "bob"]);

    const res = await call("POST", `/v1/workspace/rooms/${room.id}/revocations`, {
      token: w.org.members.Developer.token,
      json: { identity: "ann" },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject({ removed: 1 });
    expect(present(room.id)).toEqual(["bob"]);

    // ann connects again with the token she holds: LiveKit admits it, the service removes her.
    const before = calls("RemoveParticipant").length;
    await connect(room.id, annToken);
    expect(present(room.id)).toEqual(["bob"]);
    expect(calls("RemoveParticipant").length).toBe(before + 1);
    // A token minted afterwards is not revoked.
    await connect(room.id, await mint(room.id, "ann"));
    expect(present(room.id)).toEqual(["ann", "bob"]);
  });

  it("ejectAtExpiry travels in the token's attributes (LiveKit keeps connected clients past exp)", async () => {
    const room = await w.newRoom();
    const claims = await mint(room.id, "cy", { ejectAtExpiry: true, ttlSeconds: 120 });
    expect(Number(claims.attributes?.eject)).toBe((claims.exp ?? 0) * 1000);
  });
});

describe("mute and live role change on LiveKit", () => {
  it("mutes through MutePublishedTrack, naming the participant's tracks of that kind", async () => {
    const room = await w.newRoom();
    await connect(room.id, await mint(room.id, "dee"), [
      new TrackInfo({ sid: "TR_audio1", type: TrackType.AUDIO }),
      new TrackInfo({ sid: "TR_video1", type: TrackType.VIDEO }),
    ]);
    const res = await call("POST", `/v1/workspace/rooms/${room.id}/participants/dee/mute`, {
      token: w.org.members.Owner.token,
      json: { audio: true },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ identity: "dee", audio: true, tracks: 1 });
    const [mute] = calls("MutePublishedTrack").slice(-1);
    const req = mute?.request as MuteRoomTrackRequest;
    expect(req).toBeInstanceOf(MuteRoomTrackRequest);
    expect({ room: req.room, identity: req.identity, trackSid: req.trackSid, muted: req.muted }).toEqual({
      room: room.id,
      identity: "dee",
      trackSid: "TR_audio1",
      muted: true,
    });
    expect(mute?.grant.video?.roomAdmin).toBe(true);
  });

  it("promotes a viewer through UpdateParticipant with a publisher's permissions, and back", async () => {
    const room = await w.newRoom();
    await connect(room.id, await mint(room.id, "vic", { role: "viewer" }));
    const res = await call("PATCH", `/v1/workspace/rooms/${room.id}/participants/vic`, {
      token: w.org.members.Owner.token,
      json: { role: "publisher" },
    });
    expect(res.status, res.text).toBe(200);
    const req = calls("UpdateParticipant").slice(-1)[0]?.request as UpdateParticipantRequest;
    expect(req).toBeInstanceOf(UpdateParticipantRequest);
    expect(req.identity).toBe("vic");
    expect(req.permission?.canPublish).toBe(true);
    expect(req.permission?.canSubscribe).toBe(true);
    expect(req.permission?.canPublishSources.length).toBe(4);
    expect(req.attributes.role).toBe("publisher");
    const back = await call("PATCH", `/v1/workspace/rooms/${room.id}/participants/vic`, {
      token: w.org.members.Owner.token,
      json: { role: "viewer" },
    });
    expect(back.status, back.text).toBe(200);
    const down = calls("UpdateParticipant").slice(-1)[0]?.request as UpdateParticipantRequest;
    expect(down.permission?.canPublish).toBe(false);
    expectProblem(
      await call("POST", `/v1/workspace/rooms/${room.id}/participants/nobody/mute`, {
        token: w.org.members.Owner.token,
        json: { video: true },
      }),
      404,
      "not_found",
    );
  });
});
