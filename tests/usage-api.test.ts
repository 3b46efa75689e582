import { beforeAll, describe, expect, it } from "vitest";
import { ROLES } from "@/db/enums";
import { getDb } from "@/lib/db";
import { janusCredential } from "@/lib/media/janus/credential";
import { ingestJanusEvents } from "@/lib/media/janus/ingest-janus-events";
import type { JanusEvent } from "@/lib/media/janus/janus-events";
import { createRoom } from "@/lib/rooms/create-room";
import { rollUpUsage } from "@/lib/usage/roll-up-usage";
import type { SessionDto, SessionSummaryDto } from "@/lib/usage/session-schema";
import type { UsageDto } from "@/lib/usage/usage-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { drainMediaIntake } from "./helpers/media-intake";

/**
 * GET /v1/workspace/usage and the sessions API (issue 44 items 2 and 3): roles, validation, org
 * scoping, and the figures metered from Janus's events (docs/usage.md).
 */

const SECRET = "usage-api-token-secret-0123456789abcd";
const VIDEOROOM = "janus.plugin.videoroom";
const T0 = Date.parse("2026-10-31T23:58:00.000Z");

let org: TestOrg;
let other: TestOrg;
let roomId: string;
let ids = 7_000_000;

function person(room: string, identity: string, role: "publisher" | "viewer") {
  const session = ++ids;
  const handle = ++ids;
  const feed = ++ids;
  const at = { session_id: session, handle_id: handle };
  const ev = (ms: number, type: number, event: Record<string, unknown>, extra: object = at): JanusEvent => ({
    type,
    timestamp: (T0 + ms) * 1000,
    ...extra,
    event,
  });
  const token = janusCredential(SECRET, {
    roomId: room,
    identity,
    role,
    expiresAt: new Date(T0 + 86_400_000),
  }).token;
  const stats = (ms: number, rtt: number, loss: number, kbps: number): JanusEvent =>
    ev(
      ms,
      32,
      {
        mid: "1",
        mindex: 1,
        media: "video",
        base: 90000,
        rtt,
        lost: 0,
        "lost-by-remote": 0,
        "jitter-local": 0,
        "jitter-remote": 0,
        "in-link-quality": 100 - loss,
        "in-media-link-quality": 100 - loss,
        "out-link-quality": 100,
        "out-media-link-quality": 100,
        "packets-received": 500 + ms,
        "packets-sent": 0,
        "bytes-received": 1_000_000,
        "bytes-sent": 0,
        "bytes-received-lastsec": (kbps * 1000) / 8,
        "bytes-sent-lastsec": 0,
        "nacks-received": 0,
        "nacks-sent": 0,
        "retransmissions-received": 0,
      },
      { ...at, subtype: 3 },
    );
  return {
    join: (ms: number) => [
      ev(ms, 2, { name: "attached", plugin: VIDEOROOM, token }),
      ev(ms, 64, { plugin: VIDEOROOM, data: { event: "joined", room, id: feed, display: identity } }),
    ],
    stats,
    leave: (ms: number) => [
      ev(ms, 64, { plugin: VIDEOROOM, data: { event: "leaving", room, id: feed } }),
      ev(ms, 2, { name: "detached", plugin: VIDEOROOM }),
      ev(ms, 1, { name: "destroyed" }, { session_id: session }),
    ],
  };
}

const usage = (query: string, role: (typeof ROLES)[number] = "Billing", who: TestOrg = org) =>
  call<UsageDto>("GET", `/v1/workspace/usage${query}`, { token: who.members[role].token });

beforeAll(async () => {
  org = await createOrg({ name: "Usage API" });
  other = await createOrg({ name: "Usage Other" });
  const db = await getDb();
  roomId = (
    await createRoom(db, org.id, {
      project_id: org.projectId,
      name: "standup",
      type: "meeting",
      record: "manual",
    })
  ).id;
  // Ada publishes 23:58:00–00:01:30 (4 min, on Nov 1, the day it ended); Bob watches 23:58:30–23:59:10
  // (1 min, on Oct 31). Two video samples of Ada's.
  const ada = person(roomId, "ada", "publisher");
  const bob = person(roomId, "bob", "viewer");
  await ingestJanusEvents(db, [...ada.join(0), ...bob.join(30_000)], SECRET);
  await ingestJanusEvents(db, [ada.stats(40_000, 20, 0, 800), ada.stats(50_000, 60, 10, 1200)], SECRET);
  await ingestJanusEvents(db, [...bob.leave(70_000), ...ada.leave(210_000)], SECRET);
  await drainMediaIntake();
  await rollUpUsage(db, new Date(T0 + 3_600_000));
});

describe("GET /v1/workspace/usage", () => {
  it("answers Owner, Admin, Developer and Billing; Member and Viewer get 403 forbidden_workspace_role", async () => {
    for (const role of ROLES) {
      const res = await usage("?from=2026-10-01&to=2026-11-30", role);
      if (role === "Member" || role === "Viewer") expectProblem(res, 403, "forbidden_workspace_role");
      else expect(res.status, role).toBe(200);
    }
  });

  it("meters each span rounded up to the minute, on the UTC day it ended, per day and per month", async () => {
    const res = await usage("?from=2026-10-31&to=2026-11-01");
    expect(res.status, res.text).toBe(200);
    expect(res.body.totals).toMatchObject({
      participant_minutes: 5,
      publisher_minutes: 4,
      viewer_minutes: 1,
    });
    expect(res.body.series.participant_minutes).toEqual([
      { period: "2026-10-31", value: 1 },
      { period: "2026-11-01", value: 4 },
    ]);
    expect(res.body.series.rooms_created).toHaveLength(2);
    expect(res.body.quotas).toEqual([]);
    const months = await usage(
      `?from=2026-09-15&to=2026-11-02&granularity=month&project_id=${org.projectId}`,
    );
    expect(months.status, months.text).toBe(200);
    expect(months.body.project_id).toBe(org.projectId);
    expect(months.body.series.viewer_minutes).toEqual([
      { period: "2026-09", value: 0 },
      { period: "2026-10", value: 1 },
      { period: "2026-11", value: 0 },
    ]);
    expect(months.body.totals.participant_minutes).toBe(5);
    // Another org sees none of it.
    const theirs = await usage("?from=2026-10-31&to=2026-11-01", "Owner", other);
    expect(theirs.body.totals.participant_minutes).toBe(0);
  });

  it("refuses from after to, a range over 400 days, days that do not exist and unknown values with 422 validation_failed", async () => {
    for (const q of [
      "?from=2026-11-02&to=2026-11-01",
      "?from=2025-01-01&to=2026-11-01",
      "?from=2026-02-30&to=2026-03-01",
      "?from=2026-1-01",
      "?to=yesterday",
      "?from=2026-11-01T00:00:00Z",
      "?granularity=week",
    ]) {
      const res = await usage(q);
      expectProblem(res, 422, "validation_failed");
      expect((res.body as unknown as { errors: unknown[] }).errors.length, q).toBeGreaterThan(0);
    }
    // 400 days exactly is fine.
    expect((await usage("?from=2025-10-03&to=2026-11-06")).status).toBe(200);
  });

  it("is 404 for another org's project or an unknown one", async () => {
    expectProblem(await usage(`?project_id=${other.projectId}`), 404, "not_found");
    expectProblem(await usage("?project_id=prj_nope"), 404, "not_found");
  });
});

describe("room sessions", () => {
  it("lists a room's sessions and shows one with its participants, spans and quality", async () => {
    const list = await call<{ items: SessionSummaryDto[]; next_cursor: string | null }>(
      "GET",
      `/v1/workspace/rooms/${roomId}/sessions`,
      { token: org.members.Viewer.token },
    );
    expect(list.status, list.text).toBe(200);
    expect(list.body.next_cursor).toBeNull();
    const [s] = list.body.items;
    expect(s).toMatchObject({
      room_id: roomId,
      started_at: new Date(T0).toISOString(),
      ended_at: new Date(T0 + 210_000).toISOString(),
      duration_ms: 210_000,
      peak_participants: 2,
      participant_count: 2,
    });
    const one = await call<SessionDto>("GET", `/v1/workspace/sessions/${s?.id}`, {
      token: org.members.Member.token,
    });
    expect(one.status, one.text).toBe(200);
    const [ada, bob] = one.body.participants;
    expect(ada).toMatchObject({
      identity: "ada",
      role: "publisher",
      duration_ms: 210_000,
      left_at: new Date(T0 + 210_000).toISOString(),
      spans: [{ joined_at: new Date(T0).toISOString(), left_at: new Date(T0 + 210_000).toISOString() }],
    });
    expect(bob).toMatchObject({ identity: "bob", role: "viewer", duration_ms: 40_000 });
    expect(ada?.quality.samples).toBeGreaterThan(0);
    expect(ada?.quality.rtt_ms?.p50).toBeGreaterThan(0);
    expect(ada?.quality.rtt_ms?.p95).toBeGreaterThanOrEqual(ada?.quality.rtt_ms?.p50 ?? 0);
    expect(bob?.quality).toEqual({ samples: 0, rtt_ms: null, loss_percent: null, video_kbps: null });
    expect(one.body.quality.samples).toBe(ada?.quality.samples);
  });

  it("pages with a cursor; another org's room or session is 404; a bad cursor is 422", async () => {
    const page = await call<{ items: SessionSummaryDto[]; next_cursor: string | null }>(
      "GET",
      `/v1/workspace/rooms/${roomId}/sessions?limit=1`,
      { token: org.members.Owner.token },
    );
    expect(page.body.items).toHaveLength(1);
    const id = page.body.items[0]?.id;
    expectProblem(
      await call("GET", `/v1/workspace/rooms/${roomId}/sessions`, { token: other.members.Owner.token }),
      404,
      "not_found",
    );
    expectProblem(
      await call("GET", `/v1/workspace/sessions/${id}`, { token: other.members.Owner.token }),
      404,
      "not_found",
    );
    expectProblem(
      await call("GET", "/v1/workspace/sessions/rses_nope", { token: org.members.Owner.token }),
      404,
      "not_found",
    );
    expectProblem(
      await call("GET", `/v1/workspace/rooms/${roomId}/sessions?cursor=%%%`, {
        token: org.members.Owner.token,
      }),
      422,
      "validation_failed",
    );
  });
});
