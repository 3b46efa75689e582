import { and, asc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { events, recordings, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { forgetOpenedRooms } from "@/lib/media/place-room";
import type { RoomDto } from "@/lib/rooms/room-schema";
import type { DeliveryEventType } from "@/lib/webhooks/event-catalog";
import { call } from "./app";
import { createOrg, type TestOrg } from "./fixtures";
import { type FakeLivekit, LK_KEY, LK_SECRET, startFakeLivekit } from "./livekit";
import { appliedBy } from "./media-intake";
import { type ServedApp, serveApp } from "./serve-app";

export const LK_WEBHOOK_PATH = "/v1/internal/media/livekit";

export interface LivekitWorld {
  app: ServedApp;
  lk: FakeLivekit;
  org: TestOrg;
  newRoom(type?: string): Promise<RoomDto>;
  /** Posts over HTTP as LiveKit does (content type application/webhook+json). */
  post(
    body: string,
    authorization: string | undefined,
  ): Promise<{ status: number; json: Record<string, unknown> }>;
  room(id: string): Promise<typeof rooms.$inferSelect>;
  recording(id: string): Promise<typeof recordings.$inferSelect | undefined>;
  eventsFor(roomId: string, type: DeliveryEventType): Promise<Record<string, unknown>[]>;
  stop(): Promise<void>;
}

/** The service behind a real HTTP server, SVC_MEDIA_PLANE=livekit at a fake Twirp server, an org. */
export async function livekitWorld(): Promise<LivekitWorld> {
  const app = await serveApp();
  const lk = await startFakeLivekit();
  overrideEnvForTests({
    SVC_MEDIA_PLANE: "livekit",
    LIVEKIT_URL: lk.url,
    LIVEKIT_API_KEY: LK_KEY,
    LIVEKIT_API_SECRET: LK_SECRET,
  });
  forgetOpenedRooms();
  const org = await createOrg();
  const world: LivekitWorld = {
    app,
    lk,
    org,
    async newRoom(type = "meeting") {
      const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
        token: org.members.Owner.token,
        json: { project_id: org.projectId, type },
      });
      expect(res.status, res.text).toBe(201);
      // Placed on the LiveKit deployment, as the first room token does (lib/media/place-room.ts):
      // the pipeline applies a node's events only to rooms placed on it (docs/decisions/1200).
      await (await getDb()).update(rooms).set({ mediaNode: lk.url }).where(eq(rooms.id, res.body.id));
      return res.body;
    },
    async post(body, authorization) {
      const res = await fetch(`${app.origin}${LK_WEBHOOK_PATH}`, {
        method: "POST",
        headers: {
          "content-type": "application/webhook+json",
          ...(authorization === undefined ? {} : { authorization }),
        },
        body,
      });
      const json = (await res.json()) as Record<string, unknown>;
      // What applying it changed: the intake's job runs after the answer (lib/media/intake.ts).
      if (res.status === 200) {
        json.applied = await appliedBy(typeof json.intake_id === "string" ? json.intake_id : null);
      }
      return { status: res.status, json };
    },
    async room(id) {
      const [row] = await (await getDb()).select().from(rooms).where(eq(rooms.id, id));
      if (!row) throw new Error(`no room ${id}`);
      return row;
    },
    async recording(id) {
      const [row] = await (await getDb()).select().from(recordings).where(eq(recordings.id, id));
      return row;
    },
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
      overrideEnvForTests({});
      forgetOpenedRooms();
      await lk.close();
      await app.close();
    },
  };
  return world;
}
