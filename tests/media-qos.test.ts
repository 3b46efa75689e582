import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { events } from "@/db/schema";
import { getDb } from "@/lib/db";
import type { DriverObservation } from "@/lib/media/driver-observation";
import { janusCredential } from "@/lib/media/janus/credential";
import { ingestJanusEvents } from "@/lib/media/janus/ingest-janus-events";
import { type JanusEvent, observeJanusEvent } from "@/lib/media/janus/janus-events";
import { evaluateQuality } from "@/lib/media/qos/evaluate-quality";
import { judgeQualitySample, QOS_LIMITS } from "@/lib/media/qos/judge-quality-sample";
import type { QualitySample } from "@/lib/media/qos/quality-sample";
import { createRoom } from "@/lib/rooms/create-room";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { appliedBy } from "./helpers/media-intake";

/**
 * Quality as a domain rule (issue 42 item 5): drivers emit neutral samples, lib/media/qos judges
 * them. Janus's statistics are those of tests/fixtures/janus/media-statistics.json (the shape
 * Janus 1.1.2 posts); no Janus process is needed to post them.
 */

const FIXTURES = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, "fixtures", "janus", "media-statistics.json"), "utf8"),
) as Record<"publisher" | "subscriber" | "lossyPublisher" | "lossySubscriber", JanusEvent>;
const SECRET = "qos-token-secret-0123456789abcdef";
const VIDEOROOM = "janus.plugin.videoroom";

const isSample = (o: DriverObservation): o is QualitySample => o.kind === "quality_sample";
const samplesOf = (e: JanusEvent) => observeJanusEvent(e, SECRET).filter(isSample);
const at = (e: JanusEvent, session: number, handle: number, timestamp = e.timestamp): JanusEvent => ({
  ...e,
  session_id: session,
  handle_id: handle,
  timestamp,
});

describe("Janus statistics as neutral samples (the driver judges nothing)", () => {
  it("one sample per direction, with Janus's numbers translated and none judged", () => {
    const [inbound, outbound] = samplesOf(at(FIXTURES.subscriber, 1, 2));
    expect(inbound).toMatchObject({
      direction: "inbound",
      media: "audio",
      packets: 0,
      // Janus's in-link-quality 0, translated faithfully: judging it is the domain's business.
      lossPercent: 100,
      rttMs: 9,
      kbps: 0,
      connectionId: "1:2",
    });
    expect(outbound).toMatchObject({ direction: "outbound", packets: 2496, lossPercent: 0, kbps: 36.8 });
    // Repeated statistics are the same samples (same refs); another period is new ones.
    expect(samplesOf(at(FIXTURES.subscriber, 1, 2)).map((s) => s.ref)).toEqual([inbound?.ref, outbound?.ref]);
    expect(samplesOf(at(FIXTURES.subscriber, 1, 2, FIXTURES.subscriber.timestamp + 5e6))[0]?.ref).not.toBe(
      inbound?.ref,
    );
  });

  it("statistics without a handle, or of another subtype, are no samples; odd numbers are left out", () => {
    expect(samplesOf({ ...FIXTURES.publisher, handle_id: undefined })).toEqual([]);
    expect(samplesOf(at({ ...FIXTURES.publisher, subtype: 1 }, 1, 2))).toEqual([]);
    const odd = at(
      { ...FIXTURES.publisher, event: { media: "data", "in-link-quality": 250, rtt: -1 } },
      1,
      2,
    );
    const [s] = samplesOf(odd);
    expect(s).toMatchObject({ media: "other", packets: 0 });
    expect(s).not.toHaveProperty("lossPercent");
    expect(s).not.toHaveProperty("rttMs");
  });
});

describe("the quality rules (lib/media/qos)", () => {
  const verdicts = (e: JanusEvent) => samplesOf(at(e, 1, 2)).flatMap(judgeQualitySample);

  it("a subscriber handle that received nothing is never loss (Janus: in-link-quality 0, packets-received 0)", () => {
    expect(verdicts(FIXTURES.subscriber)).toEqual([]);
    expect(verdicts(FIXTURES.publisher)).toEqual([]);
  });

  it("real loss, a long round trip and a starved camera are alerts, with their values", () => {
    expect(verdicts(FIXTURES.lossyPublisher).map((v) => [v.kind, v.value])).toEqual([
      ["high_rtt", 640],
      ["loss_storm", 69],
      ["low_bitrate", 60],
    ]);
    // Loss reported by the subscriber's receiver (out-link-quality) is real loss on its downlink.
    expect(verdicts(FIXTURES.lossySubscriber).map((v) => [v.kind, v.value])).toEqual([["loss_storm", 52]]);
  });

  it("judges at the limits exactly, and bitrate only on video the client sends", () => {
    const base: QualitySample = {
      kind: "quality_sample",
      ref: "x",
      connectionId: "c",
      at: new Date(0),
      direction: "inbound",
      media: "video",
      packets: 10,
    };
    const kinds = (s: Partial<QualitySample>) => judgeQualitySample({ ...base, ...s }).map((v) => v.kind);
    expect(kinds({ rttMs: QOS_LIMITS.highRttMs - 1 })).toEqual([]);
    expect(kinds({ rttMs: QOS_LIMITS.highRttMs })).toEqual(["high_rtt"]);
    expect(kinds({ lossPercent: QOS_LIMITS.maxLossPercent })).toEqual([]);
    expect(kinds({ lossPercent: QOS_LIMITS.maxLossPercent + 1 })).toEqual(["loss_storm"]);
    expect(kinds({ kbps: 0 })).toEqual([]);
    expect(kinds({ kbps: 50 })).toEqual(["low_bitrate"]);
    expect(kinds({ kbps: 50, direction: "outbound" })).toEqual([]);
    expect(kinds({ kbps: 50, media: "audio" })).toEqual([]);
    expect(kinds({ packets: 0, rttMs: 900, lossPercent: 100, kbps: 10 })).toEqual([]);
    // One window per kind: two samples a window apart are two alerts, within one they are one.
    const a = judgeQualitySample({ ...base, rttMs: 900, at: new Date(1000) })[0]?.ref;
    const b = judgeQualitySample({ ...base, rttMs: 900, at: new Date(2000) })[0]?.ref;
    const c = judgeQualitySample({ ...base, rttMs: 900, at: new Date(1000 + QOS_LIMITS.windowMs) })[0]?.ref;
    expect(a).toBe(b);
    expect(c).not.toBe(a);
  });
});

describe("qos.alert from Janus statistics, end to end", () => {
  let org: TestOrg;
  beforeAll(async () => {
    org = await createOrg();
  });

  async function roomWithWatcher() {
    const db = await getDb();
    const room = await createRoom(db, org.id, {
      project_id: org.projectId,
      name: "qos",
      type: "meeting",
      record: "manual",
    });
    const session = 7_000_000 + Math.floor(Math.random() * 1_000_000);
    const handle = session + 1;
    const token = janusCredential(SECRET, {
      roomId: room.id,
      identity: "watcher",
      role: "publisher",
      expiresAt: new Date(Date.now() + 3_600_000),
    }).token;
    const t = Date.now() * 1000;
    const joined = await ingestJanusEvents(
      db,
      [
        {
          type: 2,
          timestamp: t,
          session_id: session,
          handle_id: handle,
          event: { name: "attached", plugin: VIDEOROOM, token },
        },
        {
          type: 64,
          timestamp: t + 1,
          session_id: session,
          handle_id: handle,
          event: { plugin: VIDEOROOM, data: { event: "joined", room: room.id, id: handle } },
        },
      ],
      SECRET,
    );
    expect(await appliedBy(joined.id)).toBe(2);
    return { roomId: room.id, session, handle, t };
  }

  async function alerts(roomId: string) {
    const rows = await (await getDb())
      .select({ payload: events.payload })
      .from(events)
      .where(and(eq(events.orgId, org.id), eq(events.type, "qos.alert")));
    return rows
      .map(
        (r) =>
          (r.payload as { data: { object: { room_id: string; kind: string; value: number } } }).data.object,
      )
      .filter((o) => o.room_id === roomId);
  }

  it("a watcher on a loss-free link gets no loss_storm (issue 42: 10 false alerts in one run)", async () => {
    const { roomId, session, handle, t } = await roomWithWatcher();
    const periods = [0, 5, 10, 15].map((s) => at(FIXTURES.subscriber, session, handle, t + 10 + s * 1e6));
    expect(await appliedBy((await ingestJanusEvents(await getDb(), periods, SECRET)).id)).toBe(0);
    expect(await alerts(roomId)).toEqual([]);
  });

  it("real loss is one alert per room, kind and window, and a repeat changes nothing", async () => {
    const { roomId, session, handle, t } = await roomWithWatcher();
    const lossy = [
      at(FIXTURES.lossySubscriber, session, handle, t + 10),
      at(FIXTURES.lossySubscriber, session, handle, t + 20),
    ];
    expect(await appliedBy((await ingestJanusEvents(await getDb(), lossy, SECRET)).id)).toBe(1);
    expect(await appliedBy((await ingestJanusEvents(await getDb(), lossy, SECRET)).id)).toBe(0);
    const got = await alerts(roomId);
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ kind: "loss_storm", value: 52 });
  });

  it("evaluation runs on its own after commit, and samples of unknown connections change nothing", async () => {
    const { roomId, session, handle, t } = await roomWithWatcher();
    const samples = samplesOf(at(FIXTURES.lossyPublisher, session, handle, t + 10));
    expect(await evaluateQuality(await getDb(), samples)).toBe(3);
    expect(await evaluateQuality(await getDb(), samples)).toBe(0);
    expect((await alerts(roomId)).map((a) => a.kind).sort()).toEqual([
      "high_rtt",
      "loss_storm",
      "low_bitrate",
    ]);
    expect(await evaluateQuality(await getDb(), samplesOf(at(FIXTURES.lossyPublisher, 1, 2)))).toBe(0);
  });
});
