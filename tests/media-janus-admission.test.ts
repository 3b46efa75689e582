import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rooms } from "@/db/schema";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { janusCredential } from "@/lib/media/janus/credential";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import type { RoomDto } from "@/lib/rooms/room-schema";
import type { RoomToken } from "@/lib/tokens/room-token-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { JanusTestClient, janusInstalled, type RunningJanus, startJanus } from "./helpers/janus";

/**
 * Admission through a real Janus (docs/decisions/1041): the room token's `media` credential opens
 * its room and no other, Janus itself refuses an expired one, and an ended room gets none.
 */
if (!janusInstalled)
  console.warn("SKIPPED media-janus-admission: `janus` is not installed (apt-get install janus)");

const TOKEN_SECRET = "admission-token-secret-0123456789";
const EVENTS_SECRET = "admission-events-secret-0123456789";

describe.skipIf(!janusInstalled)("room tokens with SVC_MEDIA_PLANE=janus", () => {
  let janus: RunningJanus;
  let org: TestOrg;
  let key: MintedApiKey;
  const clients: JanusTestClient[] = [];

  beforeAll(async () => {
    // The event handler posts nowhere here (tests/media-janus-events.test.ts covers events).
    janus = await startJanus({
      tokenSecret: TOKEN_SECRET,
      eventsUrl: "http://127.0.0.1:9/none",
      eventsSecret: EVENTS_SECRET,
    });
    overrideEnvForTests({
      SVC_MEDIA_PLANE: "janus",
      JANUS_URL: janus.url,
      JANUS_PUBLIC_URL: "wss://media.example.test/janus",
      JANUS_TOKEN_SECRET: TOKEN_SECRET,
      JANUS_EVENTS_SECRET: EVENTS_SECRET,
    });
    forgetOpenedRooms();
    org = await createOrg();
    const res = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
      token: org.members.Owner.token,
      json: { name: "media" },
    });
    expect(res.status, res.text).toBe(201);
    key = res.body;
  });

  afterAll(async () => {
    for (const c of clients) await c.destroy();
    overrideEnvForTests({});
    await janus?.stop();
  });

  async function newRoom(type = "meeting"): Promise<RoomDto> {
    const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId, type },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  const mint = (body: Record<string, unknown>) =>
    call<RoomToken>("POST", "/v1/auth/tokens/room", {
      headers: { authorization: `Bearer ${key.project_key}` },
      json: body,
    });

  function client(token: string): JanusTestClient {
    const c = new JanusTestClient(janus.url, token);
    clients.push(c);
    return c;
  }

  it("adds the Janus credential, expiring with the token, and places the room on the node", async () => {
    const room = await newRoom();
    const res = await mint({ roomId: room.id, identity: "alice", role: "publisher", ttlSeconds: 600 });
    expect(res.status, res.text).toBe(200);
    const { media } = res.body;
    expect(media).toMatchObject({ provider: "janus", url: "wss://media.example.test/janus", room: room.id });
    const exp = decodeJwt(res.body.token).exp;
    expect(media?.token.split(",")[0]).toBe(String(exp));
    const [row] = await (await getDb()).select().from(rooms).where(eq(rooms.id, room.id));
    expect(row?.mediaNode).toBe(janus.url);
    // The JWT is unchanged by the media plane: no Janus credential inside it.
    expect(JSON.stringify(decodeJwt(res.body.token))).not.toContain("janus");
  });

  it("lets the credential into its room and into no other", async () => {
    const a = await newRoom();
    const b = await newRoom();
    const ma = (await mint({ roomId: a.id, identity: "bob", role: "publisher" })).body.media;
    const mb = (await mint({ roomId: b.id, identity: "carol", role: "publisher" })).body.media;
    const [ta = "", ja = "", tb = "", jb = ""] = [ma?.token, ma?.join_token, mb?.token, mb?.join_token];
    const inA = client(ta);
    expect(await inA.attach()).toBe(0);
    const joined = await inA.join(a.id, ja);
    expect(joined, JSON.stringify(joined)).toMatchObject({ videoroom: "joined", room: a.id });

    // Room A's credential in room B: as the session's token and as the join token.
    const wrong = client(ta);
    expect(await wrong.attach()).toBe(0);
    expect(await wrong.join(b.id, ja)).toMatchObject({ error_code: 433 });
    expect(await wrong.join(b.id, ta)).toMatchObject({ error_code: 433 });
    // B's own session token cannot smuggle A's join token into B either.
    const mixed = client(tb);
    expect(await mixed.attach()).toBe(0);
    expect(await mixed.join(b.id, ja)).toMatchObject({ error_code: 433 });
    expect(await mixed.join(b.id)).toMatchObject({ error_code: 433 });
    expect(await mixed.join(b.id, jb)).toMatchObject({ videoroom: "joined", room: b.id });
  });

  it("has Janus refuse an expired or forged credential", async () => {
    const room = await newRoom();
    await mint({ roomId: room.id, identity: "dave", role: "publisher" });
    const past = new Date(Date.now() - 60_000);
    const expired = janusCredential(TOKEN_SECRET, {
      roomId: room.id,
      identity: "dave",
      role: "publisher",
      expiresAt: past,
    });
    expect(await client(expired.token).attach()).toBe(403);
    // An expired join token, presented on a valid session, is refused at the join.
    const fresh =
      (await mint({ roomId: room.id, identity: "dave", role: "publisher" })).body.media?.token ?? "";
    const session = client(fresh);
    expect(await session.attach()).toBe(0);
    expect(await session.join(room.id, expired.joinToken)).toMatchObject({ error_code: 433 });
    const forged = janusCredential("another-secret-0123456789abc", {
      roomId: room.id,
      identity: "dave",
      role: "publisher",
      expiresAt: new Date(Date.now() + 600_000),
    });
    expect(await client(forged.token).attach()).toBe(403);
  });

  it("issues nothing for an ended room", async () => {
    const room = await newRoom();
    const ended = await call("POST", `/v1/workspace/rooms/${room.id}/end`, {
      token: org.members.Owner.token,
    });
    expect(ended.status, ended.text).toBe(200);
    expectProblem(await mint({ roomId: room.id, identity: "erin", role: "publisher" }), 409, "room_ended");
  });
});

describe("room tokens with SVC_MEDIA_PLANE=none", () => {
  it("carry no media field", async () => {
    const org = await createOrg();
    const k = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
      token: org.members.Owner.token,
      json: { name: "none" },
    });
    const room = await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId },
    });
    const res = await call<RoomToken>("POST", "/v1/auth/tokens/room", {
      headers: { authorization: `Bearer ${k.body.project_key}` },
      json: { roomId: room.body.id, identity: "zed", role: "publisher" },
    });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(["expires_at", "token"]);
  });
});
