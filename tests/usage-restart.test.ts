import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { participantSpans, usageDaily } from "@/db/schema";
import { janusCredential } from "@/lib/media/janus/credential";
import type { JanusEvent } from "@/lib/media/janus/janus-events";
import { rollUpUsage } from "@/lib/usage/roll-up-usage";
import { CHAOS_NODE, janusChaos } from "./helpers/janus-chaos";
import { until } from "./helpers/wait";

/**
 * Chaos for metering (issue 44, "Proven"): the service is SIGKILLed while Janus posts its events,
 * its apply and rollup jobs running; Janus re-sends what got no answer, and a second process takes
 * over. Every participant's span exists once with the length its events say, and the usage rolled
 * up is exactly the sum of those spans rounded up per span (docs/decisions/1311), however often
 * the rollup runs. The pattern is tests/media-intake-restart.test.ts's.
 */

const TOKEN_SECRET = "usage-restart-token-0123456789abcdef";
const VIDEOROOM = "janus.plugin.videoroom";
const ROOMS = 16;
const T0 = Date.parse("2026-11-12T08:00:00.000Z");
const chaos = janusChaos({
  tokenSecret: TOKEN_SECRET,
  eventsSecret: "usage-restart-events-0123456789abcdef",
  tmpPrefix: "svc-usage-restart-",
});

interface Span {
  room: string;
  identity: string;
  joinMs: number;
  leaveMs: number | null;
}

/** Each room: A stays 61 s + i s; B joins 5 s in and, in even rooms, leaves at 125 s (the room ends). */
function plan(roomIds: string[]): { posts: JanusEvent[][]; spans: Span[] } {
  let ids = 3_000_000;
  const spans: Span[] = [];
  const events: JanusEvent[] = [];
  roomIds.forEach((room, i) => {
    const people = [
      { identity: `a${i}`, joinMs: 0, leaveMs: 61_000 + i * 1_000 },
      { identity: `b${i}`, joinMs: 5_000, leaveMs: i % 2 === 0 ? 125_000 : null },
    ];
    for (const p of people) {
      spans.push({ room, ...p });
      const at = { session_id: ++ids, handle_id: ++ids };
      const feed = ++ids;
      const token = janusCredential(TOKEN_SECRET, {
        roomId: room,
        identity: p.identity,
        role: "publisher",
        expiresAt: new Date(T0 + 86_400_000),
      }).token;
      const ev = (
        ms: number,
        type: number,
        event: Record<string, unknown>,
        extra: object = at,
      ): JanusEvent => ({
        emitter: CHAOS_NODE,
        type,
        timestamp: (T0 + ms) * 1000,
        ...extra,
        event,
      });
      events.push(
        ev(p.joinMs, 2, { name: "attached", plugin: VIDEOROOM, token }),
        ev(p.joinMs, 64, {
          plugin: VIDEOROOM,
          data: { event: "joined", room, id: feed, display: p.identity },
        }),
      );
      if (p.leaveMs !== null)
        events.push(
          ev(p.leaveMs, 64, { plugin: VIDEOROOM, data: { event: "leaving", room, id: feed } }),
          ev(p.leaveMs, 2, { name: "detached", plugin: VIDEOROOM }),
        );
    }
  });
  // In time order across rooms, as a node would send them; arrays of 6.
  events.sort((a, b) => a.timestamp - b.timestamp);
  const posts: JanusEvent[][] = [];
  for (let i = 0; i < events.length; i += 6) posts.push(events.slice(i, i + 6));
  return { posts, spans };
}

describe("metering across a killed service", () => {
  it("counts every span once, with the length its events say", { timeout: 240_000 }, async () => {
    const { orgId, roomIds } = await chaos.seedRooms("Usage restart", ROOMS);
    const { posts, spans: expected } = plan(roomIds);

    let service = chaos.startService();
    let port = await service.port;
    const janus = chaos.poster(() => port);
    const poster = (async () => {
      for (const body of posts) await janus.send(body);
      // Janus re-sends a batch whose answer it lost: every post once more.
      for (const body of posts) await janus.send(body);
    })();
    await until(
      "a third of the posts answered",
      async () => janus.answered() >= Math.floor(posts.length / 3),
      120_000,
    );
    await chaos.stop(service, "SIGKILL");
    service = chaos.startService();
    port = await service.port;
    await poster;
    expect(janus.refused).toEqual([]);
    await chaos.applied(port);
    await chaos.stop(service, "SIGTERM");

    await chaos.withDb(async (db) => {
      const rows = await db
        .select({
          room: participantSpans.roomId,
          identity: participantSpans.identity,
          joinedAt: participantSpans.joinedAt,
          leftAt: participantSpans.leftAt,
        })
        .from(participantSpans)
        .where(inArray(participantSpans.roomId, roomIds));
      const key = (s: { room: string; identity: string }) => `${s.room}/${s.identity}`;
      const got = rows
        .map((r) => ({
          room: r.room,
          identity: r.identity,
          joinMs: r.joinedAt.getTime() - T0,
          leaveMs: r.leftAt ? r.leftAt.getTime() - T0 : null,
        }))
        .sort((a, b) => key(a).localeCompare(key(b)));
      expect(got).toEqual([...expected].sort((a, b) => key(a).localeCompare(key(b))));
      const minutes = expected
        .filter((s) => s.leaveMs !== null)
        .reduce((n, s) => n + Math.ceil(((s.leaveMs ?? 0) - s.joinMs) / 60_000), 0);
      const total = async () => {
        await rollUpUsage(db, new Date(T0 + 3_600_000));
        const [row] = await db
          .select({ n: sql<string>`coalesce(sum(${usageDaily.value}), 0)` })
          .from(usageDaily)
          .where(and(eq(usageDaily.orgId, orgId), eq(usageDaily.metric, "publisher_minutes")));
        return Number(row?.n ?? 0);
      };
      expect(await total()).toBe(minutes);
      expect(await total()).toBe(minutes);
    });
  });
});
