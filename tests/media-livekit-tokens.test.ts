import { decodeJwt } from "jose";
import { type ClaimGrants, TokenVerifier } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { overrideEnvForTests, parseEnv } from "@/lib/env";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { CAPABILITIES_BY_ROLE, ROLES_BY_ROOM_TYPE } from "@/lib/tokens/capabilities";
import type { RoomToken } from "@/lib/tokens/room-token-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type FakeLivekit, LK_KEY, LK_SECRET, startFakeLivekit } from "./helpers/livekit";

/**
 * Room tokens with SVC_MEDIA_PLANE=livekit (docs/media-plane-livekit.md): `media` carries a LiveKit
 * access token that livekit-server-sdk's TokenVerifier accepts, whose claims match the type × role
 * × caps matrix of docs/spec/product-decisions.md §5 cell by cell (every non-empty caps subset of
 * every role of every room type). LiveKit's own verifier is the judge, never our decoder.
 */

const SOURCES: Record<string, string[]> = {
  "publish:camera": ["camera"],
  "publish:mic": ["microphone"],
  "publish:screen": ["screen_share", "screen_share_audio"],
};

/** Every non-empty subset of `caps`, in the matrix's order. */
function subsets<T>(caps: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let mask = 1; mask < 1 << caps.length; mask++) out.push(caps.filter((_, i) => mask & (1 << i)));
  return out;
}

describe("LiveKit access tokens", () => {
  let lk: FakeLivekit;
  let org: TestOrg;
  let key: MintedApiKey;
  const verifier = new TokenVerifier(LK_KEY, LK_SECRET);
  const mint = (body: Record<string, unknown>) =>
    call<RoomToken>("POST", "/v1/auth/tokens/room", {
      headers: { authorization: `Bearer ${key.project_key}` },
      json: body,
    });
  const newRoom = async (type: string) => {
    const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId, type },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };

  beforeAll(async () => {
    lk = await startFakeLivekit();
    overrideEnvForTests({
      SVC_MEDIA_PLANE: "livekit",
      LIVEKIT_URL: lk.url,
      LIVEKIT_API_KEY: LK_KEY,
      LIVEKIT_API_SECRET: LK_SECRET,
    });
    forgetOpenedRooms();
    org = await createOrg();
    const res = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
      token: org.members.Owner.token,
      json: { name: "livekit" },
    });
    expect(res.status, res.text).toBe(201);
    key = res.body;
  });

  afterAll(async () => {
    overrideEnvForTests({});
    forgetOpenedRooms();
    await lk?.close();
  });

  it("TokenVerifier accepts every token, and its grants match the matrix cell by cell", async () => {
    let cells = 0;
    for (const [type, roles] of Object.entries(ROLES_BY_ROOM_TYPE)) {
      const room = await newRoom(type);
      for (const role of roles) {
        for (const caps of subsets(CAPABILITIES_BY_ROLE[role])) {
          if (++cells % 40 === 0) await clearAllRateLimits();
          const identity = `u-${type}-${role}-${cells}`;
          const res = await mint({
            roomId: room.id,
            identity,
            role,
            caps,
            displayName: `Name ${cells}`,
            userId: `usr-${cells}`,
          });
          expect(res.status, res.text).toBe(200);
          const media = res.body.media;
          expect(media?.provider).toBe("livekit");
          expect(media?.url).toBe(lk.url);
          const claims: ClaimGrants = await verifier.verify(media?.token ?? "");
          const ours = decodeJwt(res.body.token);
          const sources = caps.flatMap((c) => SOURCES[c] ?? []);
          expect(claims).toMatchObject({
            iss: LK_KEY,
            sub: identity,
            name: `Name ${cells}`,
            nbf: ours.nbf,
            exp: ours.exp,
            attributes: { prj: org.projectId, uid: `usr-${cells}`, role },
          });
          expect(claims.video).toEqual({
            room: room.id,
            roomJoin: true,
            canPublish: sources.length > 0,
            canPublishSources: sources,
            canPublishData: caps.includes("publish:data"),
            canSubscribe: caps.includes("subscribe:all"),
            canUpdateOwnMetadata: false,
          });
          // Nothing else: no admin, create, list or record rights reach a client.
          expect(Object.keys(claims).sort()).toEqual([
            "attributes",
            "exp",
            "iss",
            "name",
            "nbf",
            "sub",
            "video",
          ]);
        }
      }
    }
    // meeting, webinar, 1to1: publisher (31 subsets) + viewer (1); live: broadcaster (31) + viewer.
    expect(cells).toBe(4 * 32);
  });

  it("a viewer can publish nothing, and the full publisher set is camera, mic, screen and data", async () => {
    const room = await newRoom("live");
    const viewer = await verifier.verify(
      (await mint({ roomId: room.id, identity: "v", role: "viewer" })).body.media?.token ?? "",
    );
    expect(viewer.video).toMatchObject({
      canPublish: false,
      canPublishSources: [],
      canPublishData: false,
      canSubscribe: true,
    });
    const caster = await verifier.verify(
      (await mint({ roomId: room.id, identity: "b", role: "broadcaster", ttlSeconds: 60 })).body.media
        ?.token ?? "",
    );
    expect(caster.video?.canPublishSources).toEqual([
      "camera",
      "microphone",
      "screen_share",
      "screen_share_audio",
    ]);
    expect(caster.video?.canPublishData).toBe(true);
    // No display name: no `name` claim; the lifetime is the room token's.
    expect(caster.name).toBeUndefined();
    expect((caster.exp ?? 0) - (caster.nbf ?? 0)).toBe(60);
  });

  it("is refused by a verifier with another secret or key, and names exactly its own room", async () => {
    const a = await newRoom("meeting");
    const b = await newRoom("meeting");
    const token =
      (await mint({ roomId: a.short_code, identity: "x", role: "publisher" })).body.media?.token ?? "";
    await expect(new TokenVerifier(LK_KEY, `${LK_SECRET}-other`).verify(token)).rejects.toThrow();
    await expect(new TokenVerifier("APIother", LK_SECRET).verify(token)).rejects.toThrow();
    const claims = await verifier.verify(token);
    expect(claims.video?.room).toBe(a.id);
    expect(claims.video?.room).not.toBe(b.id);
  });

  it("opens the room on LiveKit with CreateRoom when its first token is minted, signed with roomCreate", async () => {
    const room = await newRoom("meeting");
    await mint({ roomId: room.id, identity: "first", role: "publisher" });
    const created = lk.calls.filter(
      (c) => c.method === "CreateRoom" && (c.request as { name: string }).name === room.id,
    );
    expect(created).toHaveLength(1);
    expect(created[0]?.grant.video?.roomCreate).toBe(true);
    // Once open, further tokens make no call.
    await mint({ roomId: room.id, identity: "second", role: "publisher" });
    expect(
      lk.calls.filter((c) => c.method === "CreateRoom" && (c.request as { name: string }).name === room.id),
    ).toHaveLength(1);
  });

  it("a share link's guest gets a LiveKit token too: a meeting's publishes, a webinar's watches", async () => {
    for (const [type, publishes] of [
      ["meeting", true],
      ["webinar", false],
    ] as const) {
      const room = await newRoom(type);
      const res = await call<RoomToken & { role: string }>("POST", `/v1/join/${room.short_code}/token`, {
        json: { displayName: "Guest" },
      });
      expect(res.status, res.text).toBe(200);
      expect(res.body.media?.provider).toBe("livekit");
      const claims = await verifier.verify(res.body.media?.token ?? "");
      expect(claims.name).toBe("Guest");
      expect(claims.video?.room).toBe(room.id);
      expect(claims.video?.canPublish).toBe(publishes);
      expect(claims.attributes?.role).toBe(publishes ? "publisher" : "viewer");
    }
  });

  it("an ended room gets no token (409 room_ended), so no LiveKit credential either", async () => {
    const room = await newRoom("meeting");
    const end = await call("POST", `/v1/workspace/rooms/${room.id}/end`, { token: org.members.Owner.token });
    expect(end.status, end.text).toBeLessThan(300);
    expectProblem(await mint({ roomId: room.id, identity: "late", role: "publisher" }), 409, "room_ended");
  });
});

describe("LiveKit settings", () => {
  const base = {
    SVC_MEDIA_PLANE: "livekit",
    LIVEKIT_URL: "wss://lk.example.com",
    LIVEKIT_API_KEY: "APIkey",
    LIVEKIT_API_SECRET: "secret",
  };
  const error = (patch: Record<string, string | undefined>) => {
    try {
      parseEnv({ ...base, ...patch });
      return "";
    } catch (err) {
      return err instanceof Error ? err.message : String(err);
    }
  };

  it("stops the start naming each missing or wrong variable", () => {
    expect(error({})).toBe("");
    expect(error({ LIVEKIT_URL: undefined })).toMatch(
      /LIVEKIT_URL: is required with SVC_MEDIA_PLANE=livekit/,
    );
    expect(error({ LIVEKIT_API_KEY: undefined })).toMatch(/LIVEKIT_API_KEY: is required/);
    expect(error({ LIVEKIT_API_SECRET: undefined })).toMatch(/LIVEKIT_API_SECRET: is required/);
    expect(error({ LIVEKIT_URL: "ftp://lk.example.com" })).toMatch(/LIVEKIT_URL: must be one/);
    expect(error({ LIVEKIT_URL: "wss://a.example.com,wss://b.example.com" })).toMatch(/LIVEKIT_URL/);
    expect(error({ LIVEKIT_API_KEY: "has space" })).toMatch(/LIVEKIT_API_KEY/);
    expect(error({ LIVEKIT_API_SECRET: "with space inside" })).toMatch(/LIVEKIT_API_SECRET/);
    expect(error({ SVC_MEDIA_PLANE: "livekitt" })).toMatch(/SVC_MEDIA_PLANE/);
  });

  it("asks production for a secret of at least 32 characters (livekit-server --dev's `secret` is for development)", () => {
    const prod = { NODE_ENV: "production", NEXTAUTH_SECRET: "x".repeat(40) };
    expect(error(prod)).toMatch(/LIVEKIT_API_SECRET: must be at least 32 characters in production/);
    expect(error({ ...prod, LIVEKIT_API_SECRET: "s".repeat(32) })).not.toMatch(/LIVEKIT_API_SECRET/);
  });
});
