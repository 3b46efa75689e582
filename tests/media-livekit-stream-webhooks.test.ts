import {
  EgressInfo,
  EgressStatus,
  FileInfo,
  type ParticipantInfo,
  Room,
  RoomCompositeEgressRequest,
  SegmentedFileOutput,
  StreamInfo,
  StreamInfo_Status,
  StreamOutput,
} from "@livekit/protocol";
import { eq } from "drizzle-orm";
import type { WebhookEvent as ReceivedEvent } from "livekit-server-sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type StoredStreamOutput, streams } from "@/db/schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { observeLivekitEvent } from "@/lib/media/livekit/livekit-events";
import { streamHlsPrefix } from "@/lib/streams/stream-object";
import type { StreamDto } from "@/lib/streams/stream-schema";
import { call } from "./helpers/app";
import { createOrg } from "./helpers/fixtures";
import { participant, signedWebhook, webhookEvent } from "./helpers/livekit";
import { type LivekitWorld, livekitWorld } from "./helpers/livekit-world";

/**
 * Issue 45 on LiveKit: a stream's Room Composite Egress reports through LiveKit's webhooks →
 * POST /v1/internal/media/livekit → the media intake → the stream's state and its stream.*
 * events, as the Janus streamer's reports move it. Each webhook is a @livekit/protocol
 * WebhookEvent signed as LiveKit signs it (tests/helpers/livekit.ts); the endpoint verifies it
 * with livekit-server-sdk's own verifier.
 */

describe("LiveKit egress webhooks → live streams", () => {
  let w: LivekitWorld;
  beforeAll(async () => {
    w = await livekitWorld();
  });
  afterAll(async () => {
    await w?.stop();
  });

  const send = async (e: Parameters<typeof signedWebhook>[0]) => {
    const { body, authorization } = await signedWebhook(e);
    const res = await w.post(body, authorization);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };
  const stream = async (id: string) => {
    const [row] = await (await getDb()).select().from(streams).where(eq(streams.id, id));
    if (!row) throw new Error(`no stream ${id}`);
    return row;
  };
  /** A stream row as startStream leaves it (state starting), in `room` of `orgId`. */
  const startingStream = async (
    room: { id: string; project_id: string },
    orgId: string,
    outputs: StoredStreamOutput[],
  ) => {
    const [row] = await (await getDb())
      .insert(streams)
      .values({
        id: newId("stream"),
        orgId,
        projectId: room.project_id,
        roomId: room.id,
        state: "starting",
        outputs,
        mediaNode: w.lk.url,
      })
      .returning();
    if (!row) throw new Error("no row");
    return row;
  };
  /** The egress as LiveKit reports it: HLS segments under `prefix` and/or RTMP destinations. */
  const egress = (
    roomId: string,
    status: EgressStatus,
    opts: { egressId?: string; prefix?: string; rtmp?: string[]; results?: StreamInfo[]; error?: string },
  ) =>
    new EgressInfo({
      egressId: opts.egressId ?? `EG_${newId("stream").slice(4, 16)}`,
      roomName: roomId,
      status,
      error: opts.error ?? "",
      request: {
        case: "roomComposite",
        value: new RoomCompositeEgressRequest({
          roomName: roomId,
          ...(opts.rtmp ? { streamOutputs: [new StreamOutput({ urls: opts.rtmp })] } : {}),
          ...(opts.prefix
            ? { segmentOutputs: [new SegmentedFileOutput({ filenamePrefix: `${opts.prefix}segment` })] }
            : {}),
        }),
      },
      streamResults: opts.results ?? [],
    });
  const egressEvent = (event: string, egressInfo: EgressInfo) => webhookEvent({ event, egressInfo });

  it("an HLS stream's egress: active → live and stream.started once; complete → ended and stream.ended", async () => {
    const r = await w.newRoom("live");
    const row = await startingStream(r, w.org.id, [{ kind: "hls", state: "pending" }]);
    const prefix = streamHlsPrefix(row);
    // Starting is not news: the stream is live when the egress is active.
    await send(egressEvent("egress_started", egress(r.id, EgressStatus.EGRESS_STARTING, { prefix })));
    expect((await stream(row.id)).state).toBe("starting");
    const active = egressEvent("egress_updated", egress(r.id, EgressStatus.EGRESS_ACTIVE, { prefix }));
    expect((await send(active)).applied).toBe(1);
    expect(await stream(row.id)).toMatchObject({ state: "live", outputs: [{ kind: "hls", state: "live" }] });
    // LiveKit's redelivery, and a later update to active: nothing more.
    expect((await send(active)).applied).toBe(0);
    await send(egressEvent("egress_updated", egress(r.id, EgressStatus.EGRESS_ACTIVE, { prefix })));
    expect(await w.eventsFor(r.id, "stream.started")).toEqual([
      expect.objectContaining({ id: row.id, state: "live" }),
    ]);

    const complete = egressEvent("egress_ended", egress(r.id, EgressStatus.EGRESS_COMPLETE, { prefix }));
    expect((await send(complete)).applied).toBe(1);
    expect((await stream(row.id)).state).toBe("ended");
    expect((await send(complete)).applied).toBe(0);
    expect(await w.eventsFor(r.id, "stream.ended")).toEqual([
      expect.objectContaining({ id: row.id, state: "ended" }),
    ]);
    // An ended stream does not come back to life.
    expect((await send(active)).applied).toBe(0);
    expect((await stream(row.id)).state).toBe("ended");
  });

  it("an RTMP stream started through the API is named by its egress id; a failed egress fails it with LiveKit's reason, the key cut out", async () => {
    const r = await w.newRoom("live");
    await send(
      webhookEvent({
        event: "participant_joined",
        room: new Room({ name: r.id, sid: `RM_${r.id}` }),
        participant: participant("PA_s1", "sam", { role: "publisher" }) as ParticipantInfo,
      }),
    );
    w.lk.rooms.set(r.id, []);
    const started = await call<StreamDto>("POST", `/v1/workspace/rooms/${r.id}/streams`, {
      token: w.org.members.Owner.token,
      json: { outputs: [{ kind: "rtmp", url: "rtmp://live.example.com/app", stream_key: "sk-secret-42" }] },
    });
    expect(started.status, started.text).toBe(201);
    const id = started.body.id;
    const egressId = (await stream(id)).mediaRef ?? "";
    expect(egressId).toMatch(/^EG_/);
    const url = "rtmp://live.example.com/app/sk-secret-42";
    await send(
      egressEvent("egress_updated", egress(r.id, EgressStatus.EGRESS_ACTIVE, { egressId, rtmp: [url] })),
    );
    expect((await stream(id)).state).toBe("live");

    const failed = egressEvent(
      "egress_ended",
      egress(r.id, EgressStatus.EGRESS_FAILED, {
        egressId,
        rtmp: [url],
        error: `could not connect to ${url}: connection refused`,
      }),
    );
    expect((await send(failed)).applied).toBe(1);
    const row = await stream(id);
    expect(row.state).toBe("failed");
    expect(row.failureReason).toContain(
      "LiveKit's egress failed: could not connect to rtmp://live.example.com/app/",
    );
    expect(row.failureReason).not.toContain("sk-secret-42");
    expect((await send(failed)).applied).toBe(0);
    const events = await w.eventsFor(r.id, "stream.failed");
    expect(events).toEqual([expect.objectContaining({ id, state: "failed" })]);
    expect(JSON.stringify(events)).not.toContain("sk-secret-42");
    const one = await call<StreamDto>("GET", `/v1/workspace/rooms/${r.id}/streams/${id}`, {
      token: w.org.members.Owner.token,
    });
    expect(one.body).toMatchObject({ state: "failed", failure_reason: row.failureReason });
    expect(one.text).not.toContain("sk-secret-42");
  });

  it("an RTMP-only egress whose events are applied before the start stored its id is matched to the stream the start wrote", async () => {
    const r = await w.newRoom("live");
    await send(
      webhookEvent({
        event: "participant_joined",
        room: new Room({ name: r.id, sid: `RM_${r.id}` }),
        participant: participant("PA_e1", "eve", { role: "publisher" }) as ParticipantInfo,
      }),
    );
    w.lk.rooms.set(r.id, []);
    // LiveKit's webhooks outrun its answer to the start: before the SDK gets the answer, the
    // egress's starting and active events are signed, posted and applied by the intake.
    const early: { applied: unknown; state: string | undefined; ref: string | null | undefined }[] = [];
    const original = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const res = await original(input, init);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (!url.endsWith("/twirp/livekit.Egress/StartRoomCompositeEgress") || !res.ok) return res;
      const { egressId } = (await res.clone().json()) as { egressId: string };
      const asked = w.lk.egresses.get(egressId);
      if (!asked) throw new Error(`no egress ${egressId}`);
      for (const status of [EgressStatus.EGRESS_STARTING, EgressStatus.EGRESS_ACTIVE]) {
        const info = asked.clone();
        info.status = status;
        const json = await send(
          egressEvent(status === EgressStatus.EGRESS_ACTIVE ? "egress_updated" : "egress_started", info),
        );
        const [row] = await (await getDb()).select().from(streams).where(eq(streams.roomId, r.id));
        early.push({ applied: json.applied, state: row?.state, ref: row?.mediaRef });
      }
      return res;
    };
    let started: Awaited<ReturnType<typeof call<StreamDto>>>;
    try {
      started = await call<StreamDto>("POST", `/v1/workspace/rooms/${r.id}/streams`, {
        token: w.org.members.Owner.token,
        json: { outputs: [{ kind: "rtmp", url: "rtmp://live.example.com/app/", stream_key: "sk-early-7" }] },
      });
    } finally {
      globalThis.fetch = original;
    }
    expect(started.status, started.text).toBe(201);
    const egressId = (await stream(started.body.id)).mediaRef ?? "";
    expect(egressId).toMatch(/^EG_/);
    // Starting was not news; active was applied before the start's answer, and matched.
    expect(early).toEqual([
      { applied: 0, state: "starting", ref: null },
      { applied: 1, state: "live", ref: egressId },
    ]);
    expect(await w.eventsFor(r.id, "stream.started")).toEqual([
      expect.objectContaining({ id: started.body.id, state: "live" }),
    ]);
    // Later events find it by the egress id.
    const done = egressEvent(
      "egress_ended",
      egress(r.id, EgressStatus.EGRESS_COMPLETE, {
        egressId,
        rtmp: ["rtmp://live.example.com/app/sk-early-7"],
      }),
    );
    expect((await send(done)).applied).toBe(1);
    expect((await stream(started.body.id)).state).toBe("ended");
    expect(JSON.stringify(await w.eventsFor(r.id, "stream.ended"))).not.toContain("sk-early-7");
  });

  it("an early egress matches only the room's running stream without an id, with exactly its RTMP destinations", async () => {
    const rtmpOut = (url: string): StoredStreamOutput => ({
      kind: "rtmp",
      url,
      keyCiphertext: "x",
      state: "pending",
    });
    const early = (roomId: string, egressId: string, urls: string[]) =>
      egressEvent("egress_updated", egress(roomId, EgressStatus.EGRESS_ACTIVE, { egressId, rtmp: urls }));
    // Other destinations, a subset of them, or one more: not this stream.
    const a = await w.newRoom("live");
    const two = await startingStream(a, w.org.id, [
      rtmpOut("rtmp://a.example.com/live"),
      rtmpOut("rtmp://b.example.com/x"),
    ]);
    for (const urls of [
      ["rtmp://c.example.com/live/k"],
      ["rtmp://a.example.com/live/k"],
      ["rtmp://a.example.com/live/k", "rtmp://b.example.com/x/k", "rtmp://c.example.com/y/k"],
    ]) {
      expect((await send(early(a.id, "EG_other", urls))).applied).toBe(0);
    }
    expect(await stream(two.id)).toMatchObject({ state: "starting", mediaRef: null });
    // Another room's egress with the same destinations.
    const b = await w.newRoom("live");
    const urls = ["rtmp://a.example.com/live/k1", "rtmp://b.example.com/x/k2"];
    expect((await send(early(b.id, "EG_b", urls))).applied).toBe(0);
    expect(await stream(two.id)).toMatchObject({ state: "starting", mediaRef: null });
    // A stream with an HLS output is named by its prefix, never by destinations.
    const withHls = await startingStream(b, w.org.id, [
      { kind: "hls", state: "pending" },
      rtmpOut("rtmp://a.example.com/live"),
    ]);
    expect((await send(early(b.id, "EG_b2", ["rtmp://a.example.com/live/k"]))).applied).toBe(0);
    expect(await stream(withHls.id)).toMatchObject({ state: "starting", mediaRef: null });
    // A stream whose start stored another egress's id already.
    const c = await w.newRoom("live");
    const stored = await startingStream(c, w.org.id, [rtmpOut("rtmp://a.example.com/live")]);
    await (await getDb()).update(streams).set({ mediaRef: "EG_mine" }).where(eq(streams.id, stored.id));
    expect((await send(early(c.id, "EG_stranger", ["rtmp://a.example.com/live/k"]))).applied).toBe(0);
    expect(await stream(stored.id)).toMatchObject({ state: "starting", mediaRef: "EG_mine" });
    // The one that fits: claimed and moved once.
    const fit = early(a.id, "EG_fit", urls);
    expect((await send(fit)).applied).toBe(1);
    expect(await stream(two.id)).toMatchObject({ state: "live", mediaRef: "EG_fit" });
    expect((await send(fit)).applied).toBe(0);
    expect(await w.eventsFor(a.id, "stream.started")).toHaveLength(1);
  });

  it("a failed destination in streamResults fails that output only; the stream stays live", async () => {
    const r = await w.newRoom("live");
    const row = await startingStream(r, w.org.id, [
      { kind: "hls", state: "pending" },
      { kind: "rtmp", url: "rtmp://a.example.com/live", keyCiphertext: "x", state: "pending" },
      { kind: "rtmp", url: "rtmp://b.example.com/live/", keyCiphertext: "y", state: "pending" },
    ]);
    const prefix = streamHlsPrefix(row);
    const results = [
      new StreamInfo({ url: "rtmp://a.example.com/live/ka", status: StreamInfo_Status.ACTIVE }),
      new StreamInfo({ url: "rtmp://b.example.com/live/kb", status: StreamInfo_Status.FAILED, error: "EOF" }),
    ];
    const update = egressEvent(
      "egress_updated",
      egress(r.id, EgressStatus.EGRESS_ACTIVE, { prefix, results }),
    );
    expect((await send(update)).applied).toBe(1);
    const after = await stream(row.id);
    expect(after.state).toBe("live");
    expect(after.outputs.map((o) => o.state)).toEqual(["live", "live", "failed"]);
    expect(after.outputs[2]?.failureReason).toBe("the destination failed: EOF");
    expect(await w.eventsFor(r.id, "stream.started")).toHaveLength(1);
    expect(await w.eventsFor(r.id, "stream.failed")).toEqual([expect.objectContaining({ state: "live" })]);
    // Told again: nothing more.
    expect((await send(update)).applied).toBe(0);
    expect(await w.eventsFor(r.id, "stream.failed")).toHaveLength(1);
  });

  it("an egress naming another org's stream, another room's, or no stream of ours changes nothing", async () => {
    const other = await createOrg();
    const theirs = await call<{ id: string; project_id: string }>("POST", "/v1/workspace/rooms", {
      token: other.members.Owner.token,
      json: { project_id: other.projectId, type: "live" },
    });
    expect(theirs.status, theirs.text).toBe(201);
    const foreign = await startingStream(theirs.body, other.id, [{ kind: "hls", state: "pending" }]);
    const mine = await w.newRoom("live");
    const kept = await startingStream(mine, w.org.id, [{ kind: "hls", state: "pending" }]);
    // Our room's egress, naming their stream (its prefix) or their stream's handle.
    await (await getDb()).update(streams).set({ mediaRef: "EG_theirs" }).where(eq(streams.id, foreign.id));
    for (const info of [
      egress(mine.id, EgressStatus.EGRESS_ACTIVE, { prefix: streamHlsPrefix(foreign) }),
      egress(mine.id, EgressStatus.EGRESS_FAILED, { egressId: "EG_theirs" }),
      egress(mine.id, EgressStatus.EGRESS_ACTIVE, { egressId: "EG_unknown" }),
      // An egress of a room the service does not know.
      egress(newId("room"), EgressStatus.EGRESS_ACTIVE, { prefix: streamHlsPrefix(kept) }),
    ]) {
      expect((await send(egressEvent("egress_updated", info))).applied).toBe(0);
    }
    expect((await stream(foreign.id)).state).toBe("starting");
    expect((await stream(kept.id)).state).toBe("starting");
    expect(await w.eventsFor(mine.id, "stream.started")).toEqual([]);
  });
});

describe("a stream's egress in the service's words (observeLivekitEvent)", () => {
  const roomId = newId("room");
  const prefix = `streams/${newId("org")}/${roomId}/${newId("stream")}/hls/`;
  const info = (status: EgressStatus, extra: Partial<EgressInfo> = {}) =>
    new EgressInfo({
      egressId: "EG_unit",
      roomName: roomId,
      status,
      request: {
        case: "roomComposite",
        value: new RoomCompositeEgressRequest({
          roomName: roomId,
          segmentOutputs: [new SegmentedFileOutput({ filenamePrefix: `${prefix}segment` })],
        }),
      },
      ...extra,
    });
  const meaning = (status: EgressStatus, extra: Partial<EgressInfo> = {}) =>
    observeLivekitEvent(
      webhookEvent({ event: "egress_updated", egressInfo: info(status, extra) }) as ReceivedEvent,
    );

  it("maps each egress status to the stream's move, named by prefix and egress id", () => {
    const started = meaning(EgressStatus.EGRESS_ACTIVE).streamReports ?? [];
    expect(started).toEqual([
      expect.objectContaining({
        type: "stream.started",
        room_id: roomId,
        stream_id: /str_\w+/.exec(prefix)?.[0],
        ref: "EG_unit",
      }),
    ]);
    expect(meaning(EgressStatus.EGRESS_STARTING).streamReports).toEqual([]);
    expect(meaning(EgressStatus.EGRESS_ENDING).streamReports).toEqual([]);
    expect(meaning(EgressStatus.EGRESS_LIMIT_REACHED).streamReports?.map((r) => r.type)).toEqual([
      "stream.ended",
    ]);
    const aborted = meaning(EgressStatus.EGRESS_ABORTED).streamReports?.[0];
    expect(aborted).toMatchObject({ type: "stream.failed", reason: "LiveKit's egress aborted" });
    // Stream keys are cut from LiveKit's error texts and destinations.
    const failed = meaning(EgressStatus.EGRESS_FAILED, {
      error: "rtmp://x.example/app/KEY123 refused",
      streamResults: [
        new StreamInfo({ url: "rtmps://y.example/app/KEY456", status: StreamInfo_Status.FAILED }),
      ],
    }).streamReports?.[0];
    expect(failed?.reason).toBe("LiveKit's egress failed: rtmp://x.example/app/… refused");
    expect(failed?.failed_outputs).toEqual([
      { destination: "rtmps://y.example/app", reason: "the destination failed" },
    ]);
    expect(JSON.stringify(failed)).not.toMatch(/KEY\d/);
  });

  it("a recording's egress stays a recording's; an egress of no room of ours says nothing", () => {
    const rec = newId("recording");
    const recording = observeLivekitEvent(
      webhookEvent({
        event: "egress_started",
        egressInfo: new EgressInfo({
          egressId: "EG_rec",
          roomName: roomId,
          status: EgressStatus.EGRESS_STARTING,
          fileResults: [new FileInfo({ filename: `recordings/${roomId}/${rec}.mp4` })],
        }),
      }) as ReceivedEvent,
    );
    expect(recording.reports.map((r) => r.type)).toEqual(["recording.started"]);
    expect(recording.streamReports).toBeUndefined();
    const notOurs = observeLivekitEvent(
      webhookEvent({
        event: "egress_updated",
        egressInfo: new EgressInfo({
          egressId: "EG_x",
          roomName: "someone-else",
          status: EgressStatus.EGRESS_ACTIVE,
        }),
      }) as ReceivedEvent,
    );
    expect(notOurs.streamReports ?? []).toEqual([]);
  });
});
