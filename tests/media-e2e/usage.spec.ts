import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import type { Browser, Page } from "playwright-core";
import { ServiceApi } from "./harness/api";
import { fetchThrough } from "./harness/bridge";
import { joinFromPage, leaveFromPage, openClientPage, roomState } from "./harness/client-page";
import { startJanus } from "./harness/janus";
import { JANUS_PORTS, writeJanusConfig } from "./harness/janus-config";
import { pollUntil } from "./harness/poll";
import { requireOrSkip } from "./harness/requirements";
import { startService } from "./harness/service";
import { LOG_DIR, startWorld, type World } from "./harness/world";

/**
 * Issue 44, proven with real browsers through a real Janus (docs/usage.md): two pages join one
 * room, stay together for a measured time, one leaves, the other stays a while and leaves. The
 * room's session, both participants' spans and the usage totals (participant minutes, each span
 * rounded up to the minute, docs/decisions/1311) match the browsers' own clocks (Date.now() in
 * each page around its join and its leave). Run alone:
 * `MEDIA_E2E_REQUIRED=1 npx playwright test -c playwright.media.config.ts tests/media-e2e/usage.spec.ts`.
 *
 * Tolerance: a span's times are Janus's event timestamps (lib/media/janus/janus-events.ts), taken
 * on the machine's clock that the pages read too. Janus stamps `joined` while it handles the
 * page's join request, so between the page's clocks before and after the join, give or take
 * SLACK_BEFORE_MS (millisecond truncation of both clocks); it stamps `leaving` when it handles the
 * leave or the hang-up, which the page's leave() does not wait for: up to SLACK_AFTER_MS after the
 * page's leave returned (the Janus event delay on a loaded 2-core machine). Durations are chosen
 * far from a minute's boundary, so the rounded minutes are the same at both ends of the tolerance.
 */

const SERVICE_PORT = 3000;
const JANUS_HTTP = `http://127.0.0.1:${JANUS_PORTS.http}/janus`;
const SLACK_BEFORE_MS = 1_000;
const SLACK_AFTER_MS = 3_000;
/**
 * Bob stays ~10 s (1 minute); Alice ~75 s (2 minutes): her span is past the minute's boundary by
 * 14 s, room for a slow join (connected minus joinFrom) on a loaded machine, and far below two.
 */
const TOGETHER_MS = 10_000;
const ALICE_SPAN_MS = 75_000;
/** The embedded roll-up runs every 30 s (lib/jobs/definitions/roll-up-usage.ts): three passes. */
const ROLLUP_DEADLINE_MS = 100_000;

let world: World;
let api: ServiceApi;
let browser: Browser;
const tokenSecret = randomBytes(24).toString("hex");
const eventsSecret = randomBytes(24).toString("hex");

test.beforeAll(async () => {
  // `next dev` compiles each route on its first request: minutes on a loaded 2-core machine.
  test.setTimeout(600_000);
  requireOrSkip(test.skip);
  world = await startWorld({ servicePort: SERVICE_PORT, receiverPort: 8443 });
  try {
    const configDir = path.join(world.dir, "janus");
    writeJanusConfig({
      dir: configDir,
      tokenSecret,
      eventsSecret,
      eventsUrl: `http://127.0.0.1:${SERVICE_PORT}/v1/internal/media/janus`,
    });
    const janus = await startJanus(
      world.ns,
      configDir,
      LOG_DIR,
      async () => (await world.janusFetch(`${JANUS_HTTP}/info`)).ok,
    );
    world.onStop(() => janus.stop());
    const service = fetchThrough(world.sockets.service);
    world.onStop(() => service.close());
    const baseUrl = `http://127.0.0.1:${SERVICE_PORT}`;
    const running = await startService(world.ns, {
      port: SERVICE_PORT,
      logDir: LOG_DIR,
      env: {
        SVC_DATA_DIR: path.join(world.dir, "data"),
        SVC_SEED_ON_START: "always",
        SVC_DEPLOYMENT_MODE: "self_host",
        NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
        SVC_MEDIA_INGEST_SECRET: randomBytes(24).toString("hex"),
        SVC_MEDIA_PLANE: "janus",
        JANUS_URL: JANUS_HTTP,
        JANUS_PUBLIC_URL: `ws://127.0.0.1:${JANUS_PORTS.ws}`,
        JANUS_TOKEN_SECRET: tokenSecret,
        JANUS_EVENTS_SECRET: eventsSecret,
      },
      ready: async () => (await service.fetch(`${baseUrl}/login`)).status === 200,
    });
    world.onStop(() => running.stop());
    api = new ServiceApi(service.fetch, baseUrl);
    await api.signIn("owner@acme.test", "demo-password");
    // A project of its own: the demo data's rooms (and whatever reconcile does to them) stay out
    // of this project's usage.
    const project = await api.asOwner<{ id: string }>(
      "POST",
      "/v1/workspace/projects",
      { name: "Metered" },
      201,
    );
    api.projectId = project.id;
    await api.createProjectKey();
    browser = (await world.browser()).browser;
  } catch (err) {
    await world.stop();
    throw err;
  }
});

test.afterAll(async () => {
  await world?.stop();
});

/** What one page's clock saw: before and after its join, and around its leave. */
interface Clock {
  joinFrom: number;
  joinTo: number;
  leaveFrom: number;
  leaveTo: number;
}

const pageNow = (page: Page) => page.evaluate(() => Date.now());

async function join(roomId: string, identity: string): Promise<{ page: Page; clock: Partial<Clock> }> {
  const minted = await api.mintToken(roomId, identity);
  if (!minted.media)
    throw new Error("the room token has no media field: is SVC_MEDIA_PLANE=janus in effect?");
  const page = await openClientPage(browser, `${JANUS_HTTP}/info`, identity);
  const joinFrom = await pageNow(page);
  expect((await joinFromPage(page, minted.media, identity)).error).toBeNull();
  await pollUntil(`${identity} to be connected`, 30_000, async () => (await roomState(page)).connected);
  return { page, clock: { joinFrom, joinTo: await pageNow(page) } };
}

async function leave(page: Page, clock: Partial<Clock>): Promise<Clock> {
  const leaveFrom = await pageNow(page);
  await leaveFromPage(page);
  const leaveTo = await pageNow(page);
  const { joinFrom, joinTo } = clock;
  if (joinFrom === undefined || joinTo === undefined) throw new Error("left before joining");
  return { joinFrom, joinTo, leaveFrom, leaveTo };
}

/** The page's clock reaching `at` (polled: the test waits for a time, it asserts none). */
const until = (page: Page, at: number) =>
  pollUntil("the page's clock", 200_000, async () => (await pageNow(page)) >= at, 250);

const within = (iso: string | null, from: number, to: number) => {
  const t = iso === null ? Number.NaN : Date.parse(iso);
  expect(
    t,
    `${iso} within [${new Date(from).toISOString()}, ${new Date(to).toISOString()}]`,
  ).toBeGreaterThanOrEqual(from);
  expect(
    t,
    `${iso} within [${new Date(from).toISOString()}, ${new Date(to).toISOString()}]`,
  ).toBeLessThanOrEqual(to);
};
const joinedWithin = (iso: string | null, c: Clock) =>
  within(iso, c.joinFrom - SLACK_BEFORE_MS, c.joinTo + SLACK_BEFORE_MS);
const leftWithin = (iso: string | null, c: Clock) =>
  within(iso, c.leaveFrom - SLACK_BEFORE_MS, c.leaveTo + SLACK_AFTER_MS);

/** Minutes of a span rounded up (decision 1311), the same at both ends of the tolerance. */
function minutesOf(c: Clock): number {
  const shortest = Math.ceil((c.leaveFrom - c.joinTo - SLACK_BEFORE_MS) / 60_000);
  const longest = Math.ceil((c.leaveTo + SLACK_AFTER_MS - c.joinFrom + SLACK_BEFORE_MS) / 60_000);
  expect(longest, "the span's rounding is settled by the browsers' clocks").toBe(shortest);
  return shortest;
}

interface SessionDto {
  id: string;
  started_at: string;
  ended_at: string | null;
  duration_ms: number;
  peak_participants: number;
  participant_count: number;
  participants: {
    identity: string;
    role: string | null;
    joined_at: string;
    left_at: string | null;
    duration_ms: number;
    spans: { joined_at: string; left_at: string | null }[];
  }[];
}

test("a session, its spans and the usage totals match the browsers' clocks", async () => {
  test.setTimeout(360_000);
  const room = await api.createRoom("metered meeting");
  const alice = await join(room.id, "alice");
  const bob = await join(room.id, "bob");
  await pollUntil("both to be present", 30_000, async () => {
    const list = await api.asOwner<{ items: { identity: string }[] }>(
      "GET",
      `/v1/workspace/rooms/${room.id}/participants`,
      undefined,
      200,
    );
    return list.items.length === 2;
  });
  const bobJoinedTo = bob.clock.joinTo ?? Number.NaN;
  await until(bob.page, bobJoinedTo + TOGETHER_MS);
  const bobClock = await leave(bob.page, bob.clock);
  await until(alice.page, (alice.clock.joinFrom ?? Number.NaN) + ALICE_SPAN_MS);
  const aliceClock = await leave(alice.page, alice.clock);

  // The session ends with Alice's leave, once Janus reported it.
  const { items } = await pollUntil("the session to end", 30_000, async () => {
    const page = await api.asOwner<{ items: { id: string; ended_at: string | null }[] }>(
      "GET",
      `/v1/workspace/rooms/${room.id}/sessions`,
      undefined,
      200,
    );
    return page.items[0]?.ended_at ? page : null;
  });
  expect(items).toHaveLength(1);
  const sessionId = items[0]?.id ?? "";
  const session = await api.asOwner<SessionDto>("GET", `/v1/workspace/sessions/${sessionId}`, undefined, 200);
  joinedWithin(session.started_at, aliceClock);
  leftWithin(session.ended_at, aliceClock);
  expect(session.peak_participants).toBe(2);
  expect(session.participant_count).toBe(2);
  expect(session.participants.map((p) => [p.identity, p.role, p.spans.length])).toEqual([
    ["alice", "publisher", 1],
    ["bob", "publisher", 1],
  ]);
  for (const [p, c] of [
    [session.participants[0], aliceClock],
    [session.participants[1], bobClock],
  ] as const) {
    if (!p) throw new Error("a participant is missing");
    joinedWithin(p.joined_at, c);
    leftWithin(p.left_at, c);
    joinedWithin(p.spans[0]?.joined_at ?? null, c);
    leftWithin(p.spans[0]?.left_at ?? null, c);
    expect(p.duration_ms).toBe(Date.parse(p.left_at ?? "") - Date.parse(p.joined_at));
  }
  expect(session.duration_ms).toBe(Date.parse(session.ended_at ?? "") - Date.parse(session.started_at));

  // Usage: each span rounded up to the minute, summed (decision 1311); the roll-up runs on its own.
  const expected = minutesOf(aliceClock) + minutesOf(bobClock);
  expect(expected).toBe(3);
  type Usage = { totals: Record<string, number> };
  const usage = await pollUntil(
    "the roll-up to count both spans",
    ROLLUP_DEADLINE_MS,
    async () => {
      const u = await api.asOwner<Usage>(
        "GET",
        `/v1/workspace/usage?project_id=${api.projectId}`,
        undefined,
        200,
      );
      return (u.totals.participant_minutes ?? 0) >= expected ? u : null;
    },
    1_000,
  );
  expect(usage.totals).toMatchObject({
    participant_minutes: expected,
    publisher_minutes: expected,
    viewer_minutes: 0,
    rooms_created: 1,
    room_tokens: 2,
  });
});
