import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, rooms } from "@/db/schema";
import { janusCredential } from "@/lib/media/janus/credential";
import { planIngest } from "../bench/sections/janus-ingest.mjs";
import { janusChaos } from "./helpers/janus-chaos";
import { until } from "./helpers/wait";

/**
 * Chaos: the service is SIGKILLed while Janus posts its events (issue 42 item 2). A request is
 * stored before its 202 and applied by the job, so nothing answered is lost; what got no answer
 * Janus sends again (its event handler's retries, as the rendered config sets them, ride out about
 * 64 s: lib/media/janus/render-config.ts EVENT_RETRIES), and repeats change nothing. After a second process takes
 * over, every room ends in exactly the state its events say, with each of its events recorded once.
 */

const TOKEN_SECRET = "restart-token-secret-0123456789abcdef";
const ROOMS = 40;
const chaos = janusChaos({
  tokenSecret: TOKEN_SECRET,
  eventsSecret: "restart-events-secret-0123456789abcdef",
  tmpPrefix: "svc-media-restart-",
});

describe("a service killed while Janus posts", () => {
  it("loses no event: every room ends in the state its events say", { timeout: 240_000 }, async () => {
    const { orgId, roomIds } = await chaos.seedRooms("Restart", ROOMS);
    const expiresAt = new Date(Date.now() + 3_600_000);
    const plan = planIngest(roomIds, {
      participantsPerRoom: 2,
      statsPerParticipant: 1,
      posters: 2,
      sessionToken: (roomId, identity) =>
        janusCredential(TOKEN_SECRET, { roomId, identity, role: "publisher", expiresAt }).token,
    });

    let service = chaos.startService();
    let port = await service.port;
    const janus = chaos.poster(() => port);
    const posters = plan.posts.map(async (arrays) => {
      for (const body of arrays) await janus.send(body);
    });
    const total = plan.posts.reduce((n, p) => n + p.length, 0);
    // Killed part-way, with posts in flight.
    await until(
      "a third of the posts answered",
      async () => janus.answered() >= Math.floor(total / 3),
      120_000,
    );
    await chaos.stop(service, "SIGKILL");
    service = chaos.startService();
    port = await service.port;
    await Promise.all(posters);
    expect(janus.refused).toEqual([]);
    expect(janus.answered()).toBe(total);
    await chaos.applied(port);
    await chaos.stop(service, "SIGTERM");

    const { states, recorded } = await chaos.withDb(async (db) => ({
      states: await db
        .select({ id: rooms.id, state: rooms.state, present: rooms.activeParticipants })
        .from(rooms)
        .where(inArray(rooms.id, roomIds)),
      recorded: await db
        .select({ type: events.type, payload: events.payload })
        .from(events)
        .where(and(eq(events.orgId, orgId), inArray(events.type, ["participant.left", "room.ended"]))),
    }));
    const wrong = states.filter((r) => r.state !== plan.expected.get(r.id));
    expect(wrong).toEqual([]);
    for (const r of states) expect(r.present).toBe(r.state === "ended" ? 0 : 1);
    // Every room's events exactly once, re-sent posts and the restart notwithstanding: each
    // leave's participant.left (both in an ended room, one in an active one), one room.ended per
    // ended room, none for an active one.
    const perRoom = new Map<string, { lefts: string[]; ended: number }>();
    for (const e of recorded) {
      const object = (e.payload as { data: { object: { id?: string; room_id?: string; identity?: string } } })
        .data.object;
      const roomId = object.room_id ?? object.id ?? "";
      const seen = perRoom.get(roomId) ?? { lefts: [], ended: 0 };
      if (e.type === "participant.left") seen.lefts.push(object.identity ?? "");
      else seen.ended++;
      perRoom.set(roomId, seen);
    }
    const wrongEvents = roomIds.flatMap((id) => {
      const seen = perRoom.get(id) ?? { lefts: [], ended: 0 };
      const ended = plan.expected.get(id) === "ended";
      const ok =
        seen.lefts.length === (ended ? 2 : 1) &&
        new Set(seen.lefts).size === seen.lefts.length &&
        seen.ended === (ended ? 1 : 0);
      return ok ? [] : [{ id, ...seen }];
    });
    expect(wrongEvents).toEqual([]);
  });
});
