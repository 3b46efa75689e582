import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events, rooms } from "@/db/schema";
import { getDb } from "@/lib/db";
import { janusCredential } from "@/lib/media/janus/credential";
import { ingestJanusEvents } from "@/lib/media/janus/ingest-janus-events";
import type { JanusEvent } from "@/lib/media/janus/janus-events";
import { createRoom } from "@/lib/rooms/create-room";
import { stormPlans } from "../bench/sections/join-storm.mjs";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { appliedBy } from "./helpers/media-intake";

/**
 * The bench's join storm (bench/sections/join-storm.mts) is measured, not tested, but what it
 * posts is checked here through the real Janus driver and pipeline on a few rooms: its joins make
 * every room active with its five, and its leaves end every room with a `participant.left` each
 * and one `room.ended` (the webhooks it waits for), so the figures it reports mean what they say.
 */
const SECRET = "storm-token-secret-0123456789abcdef";
let org: TestOrg;

beforeAll(async () => {
  org = await createOrg();
});

async function post(plan: { posts: unknown[][][] }): Promise<void> {
  const db = await getDb();
  for (const arrays of plan.posts)
    for (const body of arrays)
      await appliedBy((await ingestJanusEvents(db, body as JanusEvent[], SECRET)).id);
}

async function states(roomIds: string[]) {
  const rows = await (await getDb())
    .select({ state: rooms.state, present: rooms.activeParticipants })
    .from(rooms)
    .where(inArray(rooms.id, roomIds));
  return rows.map((r) => `${r.state}:${r.present}`);
}

describe("the join storm's plans (bench)", () => {
  it("joins make every room active with five; leaves end every room with each participant.left and one room.ended", async () => {
    const db = await getDb();
    const roomIds: string[] = [];
    for (let i = 0; i < 6; i++)
      roomIds.push(
        (
          await createRoom(db, org.id, {
            project_id: org.projectId,
            name: `s${i}`,
            type: "meeting",
            record: "manual",
          })
        ).id,
      );
    const expiresAt = new Date(Date.now() + 3_600_000);
    const nodes = {
      urls: ["a", "b", "c", "d"],
      publicUrls: ["a", "b", "c", "d"],
      secrets: ["", "", "", ""],
      placement: new Map(roomIds.map((id, i) => [id, i % 4])),
    };
    const { joins, leaves } = stormPlans(
      roomIds,
      nodes,
      (roomId, identity) => janusCredential(SECRET, { roomId, identity, role: "publisher", expiresAt }).token,
    );
    expect(joins.posts).toHaveLength(4);

    await post(joins);
    expect(await states(roomIds)).toEqual(roomIds.map(() => "active:5"));
    await post(leaves);
    expect(await states(roomIds)).toEqual(roomIds.map(() => "ended:0"));

    const recorded = await db
      .select({ type: events.type, payload: events.payload })
      .from(events)
      .where(and(eq(events.orgId, org.id), inArray(events.type, ["participant.left", "room.ended"])));
    const count = (type: string) => recorded.filter((e) => e.type === type).length;
    expect(count("participant.left")).toBe(roomIds.length * 5);
    expect(count("room.ended")).toBe(roomIds.length);
  });
});
