import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qualitySamples, roomParticipants, roomSessions, roomTokenMints, usageDaily } from "@/db/schema";
import { getDb } from "@/lib/db";
import { EnvError, overrideEnvForTests, parseEnv } from "@/lib/env";
import { pruneExpired } from "@/lib/retention/run-retention";
import { createRoom } from "@/lib/rooms/create-room";
import { getSession } from "@/lib/usage/get-session";
import { rollUpSources, rollUpUsage } from "@/lib/usage/roll-up-usage";
import { utcDay } from "@/lib/usage/usage-days";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * Retention of quality samples and room-token mints (docs/decisions/1370): old rows go, young rows
 * and the samples of a session still open stay, and neither the usage figures nor a session's
 * quality summary change across a pass.
 */

const DAY = 24 * 60 * 60 * 1000;
const MIN = 60 * 1000;
const now = new Date();
const ago = (ms: number) => new Date(now.getTime() - ms);
let org: TestOrg;
let refs = 0;

beforeAll(async () => {
  overrideEnvForTests({ SVC_QUALITY_SAMPLE_RETENTION_DAYS: "30", SVC_ROOM_TOKEN_MINT_RETENTION_DAYS: "90" });
  org = await createOrg({ name: "Retention Org" });
});
afterAll(() => overrideEnvForTests({}));

async function newRoom(): Promise<string> {
  const db = await getDb();
  const room = await createRoom(db, org.id, {
    project_id: org.projectId,
    name: "kept",
    type: "meeting",
    record: "manual",
  });
  return room.id;
}

/** A presence row as the intake writes it: the trigger opens (and closes) the span and session. */
async function present(roomId: string, identity: string, joinedAt: Date, leftAt: Date | null) {
  const db = await getDb();
  await db.insert(roomParticipants).values({ roomId, identity, joinedAt, leftAt: null });
  if (leftAt)
    await db
      .update(roomParticipants)
      .set({ leftAt })
      .where(and(eq(roomParticipants.roomId, roomId), eq(roomParticipants.identity, identity)));
}

/** `n` samples of `identity` a minute apart from `from`, with varied measures. */
async function samples(roomId: string, identity: string, from: Date, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    ref: `retention-${++refs}-${roomId}`,
    roomId,
    identity,
    at: new Date(from.getTime() + i * MIN),
    inbound: true,
    video: i % 2 === 0,
    rttMs: 20 + ((i * 7) % 50),
    lossPercent: (i % 5) / 2,
    kbps: 300 + i * 10,
  }));
  await (await getDb()).insert(qualitySamples).values(rows);
}

const sessionOf = async (roomId: string) => {
  const [s] = await (await getDb())
    .select({ id: roomSessions.id })
    .from(roomSessions)
    .where(eq(roomSessions.roomId, roomId));
  if (!s) throw new Error("no session");
  return s.id;
};
const sampleCount = async (roomId: string) =>
  (
    await (
      await getDb()
    )
      .select({ n: sql<number>`count(*)::int` })
      .from(qualitySamples)
      .where(eq(qualitySamples.roomId, roomId))
  )[0]?.n;
const usageOf = async () =>
  (await getDb())
    .select({ day: usageDaily.day, metric: usageDaily.metric, value: usageDaily.value })
    .from(usageDaily)
    .where(eq(usageDaily.orgId, org.id))
    .orderBy(asc(usageDaily.day), asc(usageDaily.metric));

describe("retention of quality samples and room-token mints", () => {
  it("prunes old samples and mints, keeps young ones and an open session's, and changes no usage or quality figure", async () => {
    const db = await getDb();
    const [oldRoom, youngRoom, openRoom] = [await newRoom(), await newRoom(), await newRoom()];
    // A 10-minute meeting 40 days ago; one yesterday; one that began 40 days ago and is still on.
    const t = ago(40 * DAY);
    await present(oldRoom, "alice", t, new Date(t.getTime() + 10 * MIN));
    await present(oldRoom, "bob", new Date(t.getTime() + MIN), new Date(t.getTime() + 6 * MIN));
    await samples(oldRoom, "alice", new Date(t.getTime() + MIN), 9);
    await samples(oldRoom, "bob", new Date(t.getTime() + 2 * MIN), 4);
    await present(youngRoom, "carol", ago(DAY), ago(DAY - 5 * MIN));
    await samples(youngRoom, "carol", ago(DAY - MIN), 3);
    await present(openRoom, "dan", t, null);
    await samples(openRoom, "dan", new Date(t.getTime() + MIN), 3);
    // Mints 100 and 10 days ago, counted by the rollup before the pass.
    const mint = (roomId: string, mintedAt: Date) => ({
      orgId: org.id,
      projectId: org.projectId,
      roomId,
      identity: "alice",
      viewer: false,
      mintedAt,
    });
    await db
      .insert(roomTokenMints)
      .values([mint(oldRoom, ago(100 * DAY)), mint(oldRoom, ago(100 * DAY)), mint(youngRoom, ago(10 * DAY))]);
    await rollUpUsage(db, now);
    await rollUpSources(db, utcDay(ago(101 * DAY)), utcDay(now));

    const [oldSession, youngSession, openSession] = [
      await sessionOf(oldRoom),
      await sessionOf(youngRoom),
      await sessionOf(openRoom),
    ];
    const read = (id: string) => getSession(db, org.id, id, undefined, now);
    const before = {
      old: await read(oldSession),
      young: await read(youngSession),
      open: await read(openSession),
    };
    const usageBefore = await usageOf();
    expect(before.old.quality.samples).toBe(13);
    expect(before.old.participants.map((p) => p.quality.samples)).toEqual([9, 4]);
    expect(usageBefore).toContainEqual({ day: utcDay(ago(100 * DAY)), metric: "room_tokens", value: 2 });

    // Passes until nothing is left to do (other files' rows may share the database).
    for (let i = 0; i < 100 && (await pruneExpired(now)).more; i++);

    expect(await sampleCount(oldRoom)).toBe(0);
    expect(await sampleCount(youngRoom)).toBe(3);
    expect(await sampleCount(openRoom)).toBe(3);
    const mints = await db
      .select({ roomId: roomTokenMints.roomId })
      .from(roomTokenMints)
      .where(inArray(roomTokenMints.roomId, [oldRoom, youngRoom]));
    expect(mints).toEqual([{ roomId: youngRoom }]);
    const [kept] = await db
      .select({ quality: roomSessions.quality })
      .from(roomSessions)
      .where(eq(roomSessions.id, oldSession));
    expect(kept?.quality?.session.samples).toBe(13);

    const after = {
      old: await read(oldSession),
      young: await read(youngSession),
      open: await read(openSession),
    };
    expect(after).toEqual(before);
    // A later rollup over the same days counts what it counted: nothing lost, nothing doubled.
    await rollUpUsage(db, now);
    await rollUpSources(db, utcDay(ago(101 * DAY)), utcDay(now));
    expect(await usageOf()).toEqual(usageBefore);
  });

  it("rejects retention settings out of range or not whole days", () => {
    const reject = (source: Record<string, string>, name: string) => {
      let message = "";
      try {
        parseEnv(source);
      } catch (err) {
        expect(err).toBeInstanceOf(EnvError);
        message = (err as Error).message;
      }
      expect(message).toContain(name);
    };
    for (const v of ["0", "-3", "1.5", "many", "3651"])
      reject({ SVC_QUALITY_SAMPLE_RETENTION_DAYS: v }, "SVC_QUALITY_SAMPLE_RETENTION_DAYS");
    // A token lives up to a day and its join reads its mint: under two days is refused.
    for (const v of ["1", "0", "2.5", "x", "3651"])
      reject({ SVC_ROOM_TOKEN_MINT_RETENTION_DAYS: v }, "SVC_ROOM_TOKEN_MINT_RETENTION_DAYS");
    const env = parseEnv({});
    expect([env.SVC_QUALITY_SAMPLE_RETENTION_DAYS, env.SVC_ROOM_TOKEN_MINT_RETENTION_DAYS]).toEqual([30, 90]);
    expect(
      parseEnv({ SVC_QUALITY_SAMPLE_RETENTION_DAYS: "1", SVC_ROOM_TOKEN_MINT_RETENTION_DAYS: "2" }),
    ).toMatchObject({
      SVC_QUALITY_SAMPLE_RETENTION_DAYS: 1,
      SVC_ROOM_TOKEN_MINT_RETENTION_DAYS: 2,
    });
  });
});
