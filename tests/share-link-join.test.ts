import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { roomParticipantNames, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { pageCsp } from "@/lib/http/csp";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { mediaConnectSources } from "@/lib/share-link/connect-sources";
import type { GuestToken } from "@/lib/share-link/guest-token-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { janusInstalled, type RunningJanus, startJanus } from "./helpers/janus";

/**
 * The share link's guest token (docs/decisions/1030): POST /v1/join/{code}/token mints through the
 * same mintRoomToken as endpoint 14, with the role the room type grants, only when this service is
 * where guests join, and never for an ended room or an unknown code; rate-limited per address and
 * per room. A real Janus (loopback; no media flows here) places the rooms.
 */
if (!janusInstalled)
  console.warn("SKIPPED share-link-join: `janus` is not installed (apt-get install janus)");

const TOKEN_SECRET = "share-link-token-secret-0123456789";
const EVENTS_SECRET = "share-link-events-secret-0123456789";
const PUBLIC_URL = "wss://media.example.test/janus";

let janus: RunningJanus | undefined;
let org: TestOrg;

const mediaEnv = () => ({
  SVC_MEDIA_PLANE: "janus",
  JANUS_URL: janus?.url ?? "http://127.0.0.1:9/janus",
  JANUS_PUBLIC_URL: PUBLIC_URL,
  JANUS_TOKEN_SECRET: TOKEN_SECRET,
  JANUS_EVENTS_SECRET: EVENTS_SECRET,
});

async function createRoom(type: string): Promise<RoomDto> {
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId, type, name: `Guest ${type}` },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

function join(code: string, json: unknown, opts: { headers?: Record<string, string>; peer?: string } = {}) {
  return call<GuestToken>("POST", `/v1/join/${code}/token`, { json, ...opts });
}

describe.skipIf(!janusInstalled)("guest tokens through share links", () => {
  beforeAll(async () => {
    janus = await startJanus({
      tokenSecret: TOKEN_SECRET,
      eventsUrl: "http://127.0.0.1:9/none",
      eventsSecret: EVENTS_SECRET,
    });
    overrideEnvForTests(mediaEnv());
    forgetOpenedRooms();
    org = await createOrg();
  });

  afterEach(async () => {
    overrideEnvForTests(mediaEnv());
    await clearAllRateLimits();
  });

  afterAll(async () => {
    overrideEnvForTests({});
    await janus?.stop();
  });

  it("grants a meeting's and a 1to1's guests a publisher token with the media credential, from the same minting as endpoint 14", async () => {
    for (const type of ["meeting", "1to1"]) {
      const room = await createRoom(type);
      const res = await join(room.short_code, { displayName: "  Grace Hopper  " });
      expect(res.status, res.text).toBe(200);
      expect(res.body.role).toBe("publisher");
      expect(res.body.identity).toMatch(/^guest_[A-Za-z0-9]{16}$/);
      expect(res.body.media).toMatchObject({ provider: "janus", url: PUBLIC_URL, room: room.id });
      const claims = decodeJwt(res.body.token);
      expect(claims).toMatchObject({
        sub: res.body.identity,
        room: room.id,
        room_type: type,
        role: "publisher",
        name: "Grace Hopper",
        aud: "svc-media",
      });
      expect(claims.caps).toContain("publish:camera");
      // The typed name is kept for the host's live view, timeline and Remove (decision 1305).
      const [named] = await (await getDb())
        .select({ displayName: roomParticipantNames.displayName })
        .from(roomParticipantNames)
        .where(
          and(eq(roomParticipantNames.roomId, room.id), eq(roomParticipantNames.identity, res.body.identity)),
        );
      expect(named?.displayName).toBe("Grace Hopper");
      expect(new Date(res.body.expires_at).getTime() - Date.now()).toBeGreaterThan(3.9 * 3600 * 1000);
    }
  });

  it("makes a webinar's and a live room's guests viewers, and each guest a new identity", async () => {
    for (const type of ["webinar", "live"]) {
      const room = await createRoom(type);
      const a = await join(room.short_code.toUpperCase().replaceAll("-", ""), { displayName: "Ada" });
      const b = await join(room.short_code, { displayName: "Ada" });
      expect(a.status, a.text).toBe(200);
      expect(a.body.role).toBe("viewer");
      expect(decodeJwt(a.body.token).caps).toEqual(["subscribe:all"]);
      expect(a.body.identity).not.toBe(b.body.identity);
    }
  });

  it("grants nothing for an unknown or malformed code, an rm_ id, or an ended room", async () => {
    const room = await createRoom("meeting");
    expectProblem(await join("zzz-zzzz-zzz", { displayName: "Eve" }), 404, "not_found");
    expectProblem(await join("not-a-code", { displayName: "Eve" }), 404, "not_found");
    expectProblem(await join(room.id, { displayName: "Eve" }), 404, "not_found");
    await (await getDb()).update(rooms).set({ state: "ended" }).where(eq(rooms.id, room.id));
    expectProblem(await join(room.short_code, { displayName: "Eve" }), 409, "room_ended");
  });

  it("refuses a missing, blank, long or control-character name, bad JSON and another site's origin", async () => {
    const room = await createRoom("meeting");
    for (const body of [
      {},
      { displayName: "   " },
      { displayName: "x".repeat(81) },
      { displayName: "a\u0007b" },
      { displayName: 7 },
    ]) {
      expectProblem(await join(room.short_code, body), 422, "validation_failed");
    }
    const bad = await call("POST", `/v1/join/${room.short_code}/token`, {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expectProblem(
      await join(room.short_code, { displayName: "Eve" }, { headers: { origin: "https://evil.example" } }),
      403,
      "csrf_failed",
    );
  });

  it("grants nothing without a media plane, or when SVC_JOIN_URL sends guests to the customer's app", async () => {
    const room = await createRoom("meeting");
    overrideEnvForTests({ SVC_MEDIA_PLANE: "none" });
    expectProblem(await join(room.short_code, { displayName: "Ada" }), 404, "not_found");
    overrideEnvForTests({ ...mediaEnv(), SVC_JOIN_URL: "https://app.example.com/join?code={short_code}" });
    expectProblem(await join(room.short_code, { displayName: "Ada" }), 404, "not_found");
  });

  it("limits guest tokens per client address and per room, with Retry-After", async () => {
    overrideEnvForTests({ ...mediaEnv(), SVC_RATE_LIMITS: "guest-tokens-ip=2/60,guest-tokens-room=3/60" });
    const room = await createRoom("meeting");
    const from = (peer: string) => ({ peer });
    expect((await join(room.short_code, { displayName: "A" }, from("192.0.2.1"))).status).toBe(200);
    expect((await join(room.short_code, { displayName: "B" }, from("192.0.2.1"))).status).toBe(200);
    const limited = await join(room.short_code, { displayName: "C" }, from("192.0.2.1"));
    expectProblem(limited, 429, "rate_limited");
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another address still gets in, until the room's own budget is spent.
    expect((await join(room.short_code, { displayName: "D" }, from("192.0.2.2"))).status).toBe(200);
    expectProblem(await join(room.short_code, { displayName: "E" }, from("192.0.2.3")), 429, "rate_limited");
  });

  it("never tells a guest how much of the room's budget others spent: only the address's own in RateLimit headers", async () => {
    overrideEnvForTests({ ...mediaEnv(), SVC_RATE_LIMITS: "guest-tokens-ip=5/60,guest-tokens-room=2/60" });
    const room = await createRoom("meeting");
    const first = await join(room.short_code, { displayName: "A" }, { peer: "192.0.2.10" });
    const second = await join(room.short_code, { displayName: "B" }, { peer: "192.0.2.11" });
    for (const res of [first, second]) {
      expect(res.status, res.text).toBe(200);
      // The address's own budget is its own business (decision 1030) ...
      expect(res.headers.get("ratelimit")).toMatch(/^"guest-tokens-ip";r=4;t=\d+$/);
      expect(res.headers.get("ratelimit-policy")).toBe('"guest-tokens-ip";q=5;w=60');
    }
    // ... the room's is not, on success or refusal: a refusal says only when to retry.
    const refused = await join(room.short_code, { displayName: "C" }, { peer: "192.0.2.12" });
    expectProblem(refused, 429, "rate_limited");
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    for (const res of [first, second, refused])
      for (const name of ["ratelimit", "ratelimit-policy"])
        expect(res.headers.get(name) ?? "").not.toContain("guest-tokens-room");
  });
});

describe("the share-link page's connect-src", () => {
  afterEach(() => overrideEnvForTests({}));

  it("names each media node's public origin once with a media plane, and nothing without", () => {
    overrideEnvForTests({ SVC_MEDIA_PLANE: "none" });
    expect(mediaConnectSources()).toEqual([]);
    overrideEnvForTests({
      SVC_MEDIA_PLANE: "janus",
      JANUS_URL: "http://10.0.0.5:8088/janus,http://10.0.0.6:8088/janus,http://10.0.0.7:8088/janus",
      JANUS_PUBLIC_URL:
        "wss://m1.example.com/janus,wss://m1.example.com:443/other,https://m2.example.com:8089/janus",
      JANUS_TOKEN_SECRET: TOKEN_SECRET,
      JANUS_EVENTS_SECRET: EVENTS_SECRET,
    });
    expect(mediaConnectSources()).toEqual(["wss://m1.example.com", "https://m2.example.com:8089"]);
    expect(pageCsp("n", false, mediaConnectSources())).toContain(
      "connect-src 'self' wss://m1.example.com https://m2.example.com:8089;",
    );
    expect(pageCsp("n", false)).toContain("connect-src 'self';");
  });

  it("names LiveKit's server under both schemes (signalling over WebSocket, validation over HTTP)", () => {
    const livekit = { SVC_MEDIA_PLANE: "livekit", LIVEKIT_API_KEY: "APIkey", LIVEKIT_API_SECRET: "secret" };
    overrideEnvForTests({ ...livekit, LIVEKIT_URL: "wss://lk.example.com/" });
    expect(mediaConnectSources()).toEqual(["wss://lk.example.com", "https://lk.example.com"]);
    overrideEnvForTests({ ...livekit, LIVEKIT_URL: "http://127.0.0.1:7880" });
    expect(mediaConnectSources()).toEqual(["ws://127.0.0.1:7880", "http://127.0.0.1:7880"]);
  });
});
