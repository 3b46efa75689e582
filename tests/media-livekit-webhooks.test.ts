import {
  DisconnectReason,
  EgressInfo,
  EgressStatus,
  EncodedFileOutput,
  FileInfo,
  Room,
  RoomCompositeEgressRequest,
} from "@livekit/protocol";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newId } from "@/lib/ids";
import { call } from "./helpers/app";
import { LK_KEY, LK_SECRET, participant, signedWebhook, webhookEvent } from "./helpers/livekit";
import { type LivekitWorld, livekitWorld } from "./helpers/livekit-world";
import { until } from "./helpers/wait";

/**
 * LiveKit's webhooks → POST /v1/internal/media/livekit → room state, recordings and our own
 * signed webhooks (the outbox's events). Each webhook is built as LiveKit's server builds it:
 * a WebhookEvent of @livekit/protocol as protojson, signed by livekit-server-sdk's AccessToken
 * with the body's sha256 claim, five minutes valid, posted over HTTP. The endpoint verifies with
 * LiveKit's WebhookReceiver; these tests check what it accepts, refuses and ignores.
 */

/** An egress of a room, as LiveKit reports it, writing the object key that names `recId`. */
const egressOf = (roomId: string, recId: string, status: EgressStatus, file?: Partial<FileInfo>) =>
  new EgressInfo({
    egressId: `EG_${recId}`,
    roomName: roomId,
    status,
    startedAt: BigInt(Date.now() - 90_000) * 1_000_000n,
    request: {
      case: "roomComposite",
      value: new RoomCompositeEgressRequest({
        roomName: roomId,
        fileOutputs: [new EncodedFileOutput({ filepath: `recordings/${roomId}/${recId}.mp4` })],
      }),
    },
    fileResults: file ? [new FileInfo(file)] : [],
  });

describe("LiveKit webhooks", () => {
  let w: LivekitWorld;
  beforeAll(async () => {
    w = await livekitWorld();
  });
  afterAll(async () => {
    await w?.stop();
  });

  const room = (id: string) => new Room({ name: id, sid: `RM_${id}` });
  const send = async (e: Parameters<typeof signedWebhook>[0]) => {
    const { body, authorization } = await signedWebhook(e);
    return w.post(body, authorization);
  };
  const joined = (roomId: string, sid: string, identity: string, joinedAtMs = Date.now()) =>
    webhookEvent({
      event: "participant_joined",
      room: room(roomId),
      participant: participant(sid, identity, { role: "publisher", joinedAtMs }),
    });
  const left = (
    roomId: string,
    sid: string,
    identity: string,
    joinedAtMs: number,
    event = "participant_left",
  ) =>
    webhookEvent({
      event,
      room: room(roomId),
      participant: participant(sid, identity, { role: "publisher", joinedAtMs }),
    });

  it("joins make the room active; leaves emit participant.left; the last one ends it with room.ended once", async () => {
    const r = await w.newRoom();
    const t0 = Date.now();
    // The connection is noted, then its join applied: two changes.
    expect((await send(joined(r.id, "PA_a1", "alice", t0))).json).toMatchObject({
      accepted: true,
      event: "participant_joined",
      applied: 2,
    });
    expect((await w.room(r.id)).state).toBe("active");
    await send(joined(r.id, "PA_b1", "bob", t0 + 5));
    expect((await w.room(r.id)).activeParticipants).toBe(2);

    await send(left(r.id, "PA_a1", "alice", t0));
    expect((await w.eventsFor(r.id, "participant.left")).map((p) => p.identity)).toEqual(["alice"]);
    expect((await w.room(r.id)).state).toBe("active");
    // A dropped connection is a leave too.
    await send(left(r.id, "PA_b1", "bob", t0 + 5, "participant_connection_aborted"));
    expect((await w.room(r.id)).state).toBe("ended");
    expect((await w.eventsFor(r.id, "participant.left")).map((p) => p.identity).sort()).toEqual([
      "alice",
      "bob",
    ]);
    expect(await w.eventsFor(r.id, "room.ended")).toHaveLength(1);
  });

  it("a repeated delivery (same event id) changes nothing: dedupe on the event id", async () => {
    const r = await w.newRoom();
    const t0 = Date.now();
    const join = await signedWebhook(joined(r.id, "PA_r1", "rita", t0));
    const leave = await signedWebhook(left(r.id, "PA_r1", "rita", t0));
    const other = await signedWebhook(joined(r.id, "PA_s1", "sam", t0 + 1));
    expect((await w.post(join.body, join.authorization)).json.applied).toBe(2);
    await w.post(other.body, other.authorization);
    expect((await w.post(leave.body, leave.authorization)).json.applied).toBe(1);
    // LiveKit retries after a lost answer: the very same request, and the join again.
    expect((await w.post(leave.body, leave.authorization)).json).toMatchObject({
      accepted: true,
      applied: 0,
    });
    expect((await w.post(join.body, join.authorization)).json.applied).toBe(0);
    expect(await w.eventsFor(r.id, "participant.left")).toHaveLength(1);
    expect((await w.room(r.id)).activeParticipants).toBe(1);
  });

  it("refuses a tampered body, a wrong secret or key, an old token and no signature: 401 problem+json", async () => {
    const r = await w.newRoom();
    const e = joined(r.id, "PA_t1", "tom");
    const good = await signedWebhook(e);
    const tampered = good.body.replace("tom", "eve");
    expect(tampered).not.toBe(good.body);
    const refusals = [
      await w.post(tampered, good.authorization),
      await w.post(good.body, (await signedWebhook(e, { secret: `${LK_SECRET}-wrong` })).authorization),
      await w.post(good.body, (await signedWebhook(e, { key: "APIsomeoneelse" })).authorization),
      await w.post(good.body, undefined),
      await w.post(good.body, "not-a-jwt"),
      await w.post(good.body, (await signedWebhook(joined(r.id, "PA_t2", "tom"))).authorization),
    ];
    // Signed six minutes ago: expired (LiveKit signs for five), and refused even when the token
    // claims a longer life: a captured request cannot be replayed later.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() - 6 * 60_000);
    const old = await signedWebhook(e);
    const oldLong = await signedWebhook(e, { ttl: "1h" });
    vi.useRealTimers();
    refusals.push(
      await w.post(old.body, old.authorization),
      await w.post(oldLong.body, oldLong.authorization),
    );
    for (const res of refusals) {
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ code: "unauthenticated", status: 401 });
    }
    expect((await w.room(r.id)).state).toBe("created");
    // The genuine one still works (nothing above consumed it), with or without "Bearer".
    expect((await w.post(good.body, `Bearer ${good.authorization}`)).json.applied).toBe(2);
  });

  it("answers 4xx, never 5xx, to signed bodies that are not a WebhookEvent", async () => {
    for (const body of ["{not json", '{"event": 5}', "[]", '{"createdAt": "soon"}']) {
      const { authorization } = await signedWebhook(webhookEvent({}), { body });
      const res = await w.post(body, authorization);
      expect(res.status, body).toBe(422);
      expect(res.json.code).toBe("validation_failed");
    }
  });

  it("a signed event with absurd times, sizes or ids changes nothing it should not, and never answers 5xx", async () => {
    const r = await w.newRoom();
    const huge = 9_000_000_000_000_000_000n;
    const odd = webhookEvent({
      event: "participant_joined",
      createdAt: huge,
      room: room(r.id),
      participant: participant("PA_odd", "odd", { role: "publisher", joinedAtMs: 0 }),
    });
    if (odd.participant) odd.participant.joinedAtMs = huge;
    expect((await send(odd)).status).toBe(200);
    const rec = newId("recording");
    const absurd = egressOf(r.id, rec, EgressStatus.EGRESS_COMPLETE, {
      filename: `recordings/${r.id}/${rec}.mp4`,
      duration: huge,
      size: huge,
    });
    absurd.startedAt = huge;
    expect((await send(webhookEvent({ event: "egress_ended", egressInfo: absurd }))).status).toBe(200);
    expect(await w.recording(rec)).toMatchObject({ state: "completed", durationSec: null, sizeBytes: null });
    const longId = webhookEvent({ event: "room_finished", room: room(r.id) });
    longId.id = "E".repeat(10_000);
    expect((await send(longId)).json.applied).toBe(0);
  });

  it("ignores events of other types, unknown rooms, and participants our tokens did not admit", async () => {
    const r = await w.newRoom();
    expect((await send(webhookEvent({ event: "room_started", room: room(r.id) }))).json.applied).toBe(0);
    expect((await send(webhookEvent({ event: "track_published", room: room(r.id) }))).json.applied).toBe(0);
    expect((await send(joined("rm_doesnotexist000", "PA_u1", "u"))).json.applied).toBe(0);
    // An egress recorder (or a token minted outside the service) carries none of our attributes.
    const recorder = webhookEvent({
      event: "participant_joined",
      room: room(r.id),
      participant: participant("PA_eg", "EG_x"),
    });
    expect((await send(recorder)).json.applied).toBe(0);
    expect(
      (
        await send(
          webhookEvent({
            event: "participant_left",
            room: room(r.id),
            participant: participant("PA_zz", "z"),
          }),
        )
      ).json.applied,
    ).toBe(0);
    expect((await w.room(r.id)).state).toBe("created");
  });

  it("a duplicate identity kicks only the older connection: the identity stays until its last one leaves", async () => {
    const r = await w.newRoom();
    const t0 = Date.now();
    await send(joined(r.id, "PA_d1", "dora", t0));
    await send(joined(r.id, "PA_d2", "dora", t0 + 50));
    const kicked = left(r.id, "PA_d1", "dora", t0);
    if (kicked.participant) kicked.participant.disconnectReason = DisconnectReason.DUPLICATE_IDENTITY;
    await send(kicked);
    expect(await w.eventsFor(r.id, "participant.left")).toHaveLength(0);
    expect((await w.room(r.id)).state).toBe("active");
    await send(left(r.id, "PA_d2", "dora", t0 + 50));
    expect(await w.eventsFor(r.id, "participant.left")).toHaveLength(1);
    expect((await w.room(r.id)).state).toBe("ended");
  });

  it("room_finished makes everyone still recorded leave (their leaves were lost) and ends the room", async () => {
    const r = await w.newRoom();
    await send(joined(r.id, "PA_f1", "fay"));
    await send(joined(r.id, "PA_f2", "fin"));
    expect((await send(webhookEvent({ event: "room_finished", room: room(r.id) }))).json.applied).toBe(1);
    expect((await w.eventsFor(r.id, "participant.left")).map((p) => p.identity).sort()).toEqual([
      "fay",
      "fin",
    ]);
    expect((await w.room(r.id)).state).toBe("ended");
    expect(await w.eventsFor(r.id, "room.ended")).toHaveLength(1);
  });

  describe("egress → recordings", () => {
    const egress = egressOf;

    it("egress_started starts the recording; egress_ended completes it with key, duration and size, and it downloads", async () => {
      const r = await w.newRoom();
      await send(joined(r.id, "PA_e1", "eli"));
      const rec = newId("recording");
      const started = await send(
        webhookEvent({
          event: "egress_started",
          egressInfo: egress(r.id, rec, EgressStatus.EGRESS_STARTING),
        }),
      );
      expect(started.json.applied).toBe(1);
      expect((await w.recording(rec))?.state).toBe("started");
      expect(await w.eventsFor(r.id, "recording.started")).toHaveLength(1);
      // An update to active is the same start: nothing more.
      await send(
        webhookEvent({ event: "egress_updated", egressInfo: egress(r.id, rec, EgressStatus.EGRESS_ACTIVE) }),
      );
      expect(await w.eventsFor(r.id, "recording.started")).toHaveLength(1);

      const key = `recordings/${r.id}/${rec}.mp4`;
      const ended = webhookEvent({
        event: "egress_ended",
        egressInfo: egress(r.id, rec, EgressStatus.EGRESS_COMPLETE, {
          filename: key,
          duration: 83_400_000_000n,
          size: 12_345_678n,
          location: `https://bucket.example/${key}`,
        }),
      });
      expect((await send(ended)).json.applied).toBe(1);
      const row = await w.recording(rec);
      expect(row).toMatchObject({
        state: "completed",
        objectKey: key,
        durationSec: 83,
        sizeBytes: 12_345_678,
      });
      const completed = await w.eventsFor(r.id, "recording.completed");
      expect(completed).toEqual([
        expect.objectContaining({ id: rec, duration_sec: 83, size_bytes: 12_345_678 }),
      ]);
      const link = await call<{ download_url: string }>("POST", `/v1/workspace/recordings/${rec}/download`, {
        token: w.org.members.Owner.token,
      });
      expect(link.status, link.text).toBe(200);
      expect(link.body.download_url).toContain(encodeURI(key).replaceAll("/", "/"));
      // egress_ended again (LiveKit's retry): nothing more.
      expect((await send(ended)).json.applied).toBe(0);
    });

    it("a failed or aborted egress fails its recording; an egress the service did not start is ignored", async () => {
      const r = await w.newRoom();
      await send(joined(r.id, "PA_g1", "gus"));
      const rec = newId("recording");
      await send(
        webhookEvent({
          event: "egress_started",
          egressInfo: egress(r.id, rec, EgressStatus.EGRESS_STARTING),
        }),
      );
      await send(
        webhookEvent({ event: "egress_ended", egressInfo: egress(r.id, rec, EgressStatus.EGRESS_FAILED) }),
      );
      expect((await w.recording(rec))?.state).toBe("failed");
      expect(await w.eventsFor(r.id, "recording.failed")).toHaveLength(1);

      const foreign = new EgressInfo({
        egressId: "EG_foreign",
        roomName: r.id,
        status: EgressStatus.EGRESS_COMPLETE,
      });
      expect((await send(webhookEvent({ event: "egress_ended", egressInfo: foreign }))).json.applied).toBe(0);
      // A time limit still uploads what was recorded.
      const capped = newId("recording");
      const key = `recordings/${r.id}/${capped}.mp4`;
      await send(
        webhookEvent({
          event: "egress_ended",
          egressInfo: egress(r.id, capped, EgressStatus.EGRESS_LIMIT_REACHED, {
            filename: key,
            duration: 1_000_000_000n,
            size: 10n,
          }),
        }),
      );
      expect((await w.recording(capped))?.state).toBe("completed");
      // An egress for a room we do not have: accepted, nothing applied (LiveKit must not retry it).
      const lost = egress("rm_notourroom0000", newId("recording"), EgressStatus.EGRESS_COMPLETE, {
        filename: "x",
      });
      const res = await send(webhookEvent({ event: "egress_ended", egressInfo: lost }));
      expect(res.status).toBe(200);
      expect(res.json.applied).toBe(0);
    });
  });

  it("is off unless SVC_MEDIA_PLANE=livekit: 401", async () => {
    const { overrideEnvForTests } = await import("@/lib/env");
    overrideEnvForTests({ SVC_MEDIA_PLANE: "none" });
    try {
      const { body, authorization } = await signedWebhook(webhookEvent({ event: "room_started" }));
      expect((await w.post(body, authorization)).status).toBe(401);
    } finally {
      overrideEnvForTests({
        SVC_MEDIA_PLANE: "livekit",
        LIVEKIT_URL: w.lk.url,
        LIVEKIT_API_KEY: LK_KEY,
        LIVEKIT_API_SECRET: LK_SECRET,
      });
    }
    await until("the endpoint is back", async () => {
      const { body, authorization } = await signedWebhook(webhookEvent({ event: "room_started" }));
      return (await w.post(body, authorization)).status === 200;
    });
  });
});
