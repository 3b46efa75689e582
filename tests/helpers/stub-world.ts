import { expect } from "vitest";
import { KEY_GRANTS } from "@/db/enums";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { findDriver } from "@/lib/media/driver-registry";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import type { MediaCredential } from "@/lib/media/plane";
import { receiveObservations } from "@/lib/media/receive-observations";
import { stubNodeSecret, stubServer } from "@/lib/media/stub/stub-plane";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { mintRoomToken } from "@/lib/tokens/mint-room-token";
import { type RoomToken, roomTokenBody } from "@/lib/tokens/room-token-schema";
import { call } from "./app";
import { createOrg, type TestOrg } from "./fixtures";
import { drainMediaIntake } from "./media-intake";

/**
 * The test-only stub plane (lib/media/stub/) as moderation tests drive it: rooms of a fresh org,
 * room tokens minted through the real endpoint with a project key, and a participant entering
 * with the credential it got, as a media server would report it (connect, then join) through the
 * stub's registration and the one intake. The stub server's rooms say who is in a room on the
 * plane, so a removal the service asked for is visible there.
 */
export interface Seat {
  connection: string;
  ref: string;
  /** The same credential joins again (a new connection). */
  rejoin(): Promise<Seat>;
  /** The node reports that it left (after a kick, or by itself). */
  left(): Promise<void>;
}

let n = 0;

export type Minted =
  | { status: 200; body: RoomToken; text: string; code?: undefined }
  | { status: number; body?: undefined; text: string; code: string };

export async function stubWorld() {
  overrideEnvForTests({ SVC_MEDIA_PLANE: "stub" });
  forgetOpenedRooms();
  stubServer.reset();
  const org: TestOrg = await createOrg();
  const res = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
    token: org.members.Owner.token,
    json: { name: "moderation" },
  });
  expect(res.status, res.text).toBe(201);
  const key = res.body;

  const post = async (events: Record<string, unknown>[], node: string) => {
    const reg = findDriver("stub")?.events;
    if (!reg) throw new Error("the stub registers no events");
    const req = new Request("http://svc.test/v1/internal/media/stub", {
      method: "POST",
      headers: { authorization: `Bearer ${stubNodeSecret(node)}`, "content-type": "application/json" },
      body: JSON.stringify({ events }),
    });
    const settings = { NODE_ENV: "test" as const, SVC_MEDIA_PLANE: "stub" };
    const sender = await reg.authenticate(req, settings);
    const parsed = await reg.parse(req, sender, settings);
    await receiveObservations(await getDb(), {
      provider: "stub",
      node: sender.node,
      observations: parsed.observations,
    });
    await drainMediaIntake();
  };

  const enter = async (roomId: string, media: MediaCredential): Promise<Seat> => {
    const connection = `conn-${++n}`;
    const ref = `feed-${n}`;
    const rooms = stubServer.nodes.get(media.url);
    if (rooms && !rooms.has(roomId))
      rooms.set(roomId, { participants: new Set(), recording: null, streams: new Map() });
    rooms?.get(roomId)?.participants.add(ref);
    const t = Date.now();
    await post(
      [
        { type: "connect", id: `${connection}:c`, at: t, connection, token: media.token },
        { type: "join", id: `${connection}:j`, at: t + 1, connection, room: roomId, participant: ref },
      ],
      media.url,
    );
    return {
      connection,
      ref,
      rejoin: () => enter(roomId, media),
      left: () =>
        post(
          [{ type: "leave", id: `${connection}:l`, at: Date.now() + 2, room: roomId, participant: ref }],
          media.url,
        ),
    };
  };

  return {
    org,
    key,
    post,
    enter,
    async room(type = "meeting"): Promise<RoomDto> {
      const r = await call<RoomDto>("POST", "/v1/workspace/rooms", {
        token: org.members.Owner.token,
        json: { project_id: org.projectId, type },
      });
      expect(r.status, r.text).toBe(201);
      return r.body;
    },
    /**
     * A room token, as the endpoint's domain call mints it for this key (the endpoint itself
     * answers only public providers, so a stub credential cannot pass its response schema):
     * a refusal comes back as the endpoint's problem would.
     */
    async mint(
      roomId: string,
      identity: string,
      extra: Record<string, unknown> = {},
      keyId: string = key.id,
    ): Promise<Minted> {
      const input = roomTokenBody.parse({ roomId, identity, role: "publisher", ...extra });
      const grantor = { orgId: org.id, projectId: org.projectId, grants: [...KEY_GRANTS], keyId };
      try {
        return { status: 200, body: await mintRoomToken(await getDb(), grantor, input), text: "" };
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        return { status: err.status, code: err.code, text: err.message };
      }
    },
    /** Mints and enters: the seat, and the credential it used. */
    async join(roomId: string, identity: string, extra: Record<string, unknown> = {}, keyId?: string) {
      const minted = await this.mint(roomId, identity, extra, keyId);
      expect(minted.status, minted.text).toBe(200);
      const media = minted.body?.media;
      if (!minted.body || !media) throw new Error("no media credential");
      return { seat: await enter(roomId, media), media, minted: minted.body };
    },
    /** The participant ids in the room on the stub plane now. */
    onPlane(roomId: string): string[] {
      for (const rooms of stubServer.nodes.values()) {
        const r = rooms.get(roomId);
        if (r) return [...r.participants];
      }
      return [];
    },
    stop() {
      overrideEnvForTests({});
      forgetOpenedRooms();
      stubServer.reset();
    },
  };
}
export type StubWorld = Awaited<ReturnType<typeof stubWorld>>;
