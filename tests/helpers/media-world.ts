import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { events, rooms } from "@/db/schema";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import type { RoomDto } from "@/lib/rooms/room-schema";
import type { RoomToken } from "@/lib/tokens/room-token-schema";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { call } from "./app";
import { createOrg, type TestOrg } from "./fixtures";
import { JanusTestClient, type RunningJanus, startJanus } from "./janus";
import { type ServedApp, serveApp } from "./serve-app";
import { until } from "./wait";

export const TOKEN_SECRET = "world-token-secret-0123456789abcdef";
export const EVENTS_SECRET = "world-events-secret-0123456789abcdef";
export const EVENTS_PATH = "/v1/internal/media/janus";

export interface MediaWorld {
  app: ServedApp;
  nodes: RunningJanus[];
  org: TestOrg;
  key: MintedApiKey;
  clients: JanusTestClient[];
  /** The public URL the service hands out for node i. */
  publicUrl(i: number): string;
  newRoom(type?: string): Promise<RoomDto>;
  mint(body: Record<string, unknown>): ReturnType<typeof call<RoomToken>>;
  /** A client attached with a fresh credential for `identity` in `roomId`, joined (its Janus id in `participantId`). */
  join(roomId: string, identity: string, role?: string): Promise<JanusTestClient & { participantId: string }>;
  room(id: string): Promise<typeof rooms.$inferSelect>;
  waitForState(id: string, state: "created" | "active" | "ended"): Promise<void>;
  eventsFor(roomId: string, type: DeliveryEventType): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

/**
 * The service (its route handlers behind a real HTTP server), `n` real Janus nodes whose event
 * handlers post to it, SVC_MEDIA_PLANE=janus pointing at them, and an org with a project key.
 */
export async function mediaWorld(n = 1): Promise<MediaWorld> {
  const app = await serveApp();
  const nodes: RunningJanus[] = [];
  for (let i = 0; i < n; i++) {
    nodes.push(
      await startJanus({
        tokenSecret: TOKEN_SECRET,
        eventsUrl: `${app.origin}${EVENTS_PATH}`,
        eventsSecret: EVENTS_SECRET,
        name: `node-${i + 1}`,
      }),
    );
  }
  const publicUrl = (i: number) => `wss://media${i + 1}.example.test/janus`;
  overrideEnvForTests({
    SVC_MEDIA_PLANE: "janus",
    JANUS_URL: nodes.map((j) => j.url).join(","),
    JANUS_PUBLIC_URL: nodes.map((_, i) => publicUrl(i)).join(","),
    JANUS_TOKEN_SECRET: TOKEN_SECRET,
    JANUS_EVENTS_SECRET: EVENTS_SECRET,
  });
  forgetOpenedRooms();
  const org = await createOrg();
  const minted = await call<MintedApiKey>("POST", `/v1/workspace/projects/${org.projectId}/api-keys`, {
    token: org.members.Owner.token,
    json: { name: "media" },
  });
  expect(minted.status, minted.text).toBe(201);
  const clients: JanusTestClient[] = [];

  const world: MediaWorld = {
    app,
    nodes,
    org,
    key: minted.body,
    clients,
    publicUrl,
    async newRoom(type = "meeting") {
      const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
        token: org.members.Owner.token,
        json: { project_id: org.projectId, type },
      });
      expect(res.status, res.text).toBe(201);
      return res.body;
    },
    mint: (body) =>
      call<RoomToken>("POST", "/v1/auth/tokens/room", {
        headers: { authorization: `Bearer ${minted.body.project_key}` },
        json: body,
      }),
    async join(roomId, identity, role = "publisher") {
      const res = await world.mint({ roomId, identity, role });
      expect(res.status, res.text).toBe(200);
      const media = res.body.media;
      if (!media) throw new Error("no media credential");
      const i = nodes.findIndex((_, k) => publicUrl(k) === media.url);
      const c = new JanusTestClient(nodes[i]?.url ?? "", media.token);
      clients.push(c);
      expect(await c.attach()).toBe(0);
      const joined = await c.join(roomId, media.join_token);
      expect(joined, JSON.stringify(joined)).toMatchObject({ videoroom: "joined" });
      return Object.assign(c, { participantId: String(joined.id) });
    },
    async room(id) {
      const [row] = await (await getDb()).select().from(rooms).where(eq(rooms.id, id));
      if (!row) throw new Error(`no room ${id}`);
      return row;
    },
    waitForState: (id, state) =>
      until(`room ${id} ${state}`, async () => (await world.room(id)).state === state),
    async eventsFor(roomId, type) {
      const rows = await (await getDb())
        .select()
        .from(events)
        .where(and(eq(events.orgId, org.id), eq(events.type, type)))
        .orderBy(asc(events.createdAt), asc(events.id));
      return rows
        .map((r) => r.payload as { data: { object: Record<string, unknown> } })
        .map((p) => p.data.object)
        .filter((o) => o.room_id === roomId || o.id === roomId);
    },
    async stop() {
      for (const c of clients) await c.destroy().catch(() => undefined);
      overrideEnvForTests({});
      forgetOpenedRooms();
      for (const j of nodes) await j.stop();
      await app.close();
    },
  };
  return world;
}
