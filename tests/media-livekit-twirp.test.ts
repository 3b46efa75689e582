import {
  CreateRoomRequest,
  DeleteRoomRequest,
  EgressStatus,
  type ListEgressRequest,
  ListParticipantsRequest,
  RoomCompositeEgressRequest,
  type RoomParticipantIdentity,
  StopEgressRequest,
} from "@livekit/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MintedApiKey } from "@/lib/api-keys/api-key-schema";
import { getDb } from "@/lib/db";
import { newId } from "@/lib/ids";
import { livekitDriver } from "@/lib/media/livekit/driver";
import type { EgressStorage } from "@/lib/media/livekit/egress-output";
import { MediaNodeUnavailable, MediaRecordingUnavailable } from "@/lib/media/plane";
import { reconcileMedia } from "@/lib/media/reconcile-media";
import type { RoomToken } from "@/lib/tokens/room-token-schema";
import { call, expectProblem } from "./helpers/app";
import {
  type FakeLivekit,
  LK_KEY,
  LK_SECRET,
  participant,
  signedWebhook,
  startFakeLivekit,
  webhookEvent,
} from "./helpers/livekit";
import { type LivekitWorld, livekitWorld } from "./helpers/livekit-world";

/**
 * The Twirp calls the LiveKit driver makes, received by a local HTTP server that decodes each with
 * @livekit/protocol's request message and verifies its bearer token with livekit-server-sdk's
 * TokenVerifier (tests/helpers/livekit.ts): method, body and grant are checked here.
 */

const S3: EgressStorage = {
  bucket: "svc-recordings-test",
  region: "eu-west-1",
  endpoint: "https://s3.example.test",
  forcePathStyle: true,
  credentials: { accessKeyId: "AKIATEST", secretAccessKey: "s3-secret-test" },
  local: false,
};

describe("the LiveKit driver's Twirp calls", () => {
  let lk: FakeLivekit;
  let storage: EgressStorage = S3;
  const driver = () =>
    livekitDriver({
      url: lk.url,
      apiKey: LK_KEY,
      apiSecret: LK_SECRET,
      storage: () => storage,
      timeoutSec: 2,
    });
  const last = (method: string) => [...lk.calls].reverse().find((c) => c.method === method);
  /** The decoded request of the last call of `method` (failing when there was none). */
  const requestOf = <T>(method: string): T => {
    const c = last(method);
    if (!c) throw new Error(`no ${method} call`);
    return c.request as T;
  };

  beforeAll(async () => {
    lk = await startFakeLivekit();
  });
  afterAll(async () => {
    await lk?.close();
  });

  it("openRoom is CreateRoom named by our room id, with roomCreate and nothing else", async () => {
    await driver().openRoom(lk.url, { id: "rm_open1", type: "meeting" });
    await driver().openRoom(lk.url, { id: "rm_open1", type: "meeting" });
    const c = last("CreateRoom");
    expect(c?.service).toBe("RoomService");
    expect(c?.request).toBeInstanceOf(CreateRoomRequest);
    expect(requestOf<CreateRoomRequest>("CreateRoom").name).toBe("rm_open1");
    expect(c?.grant.video).toEqual({ roomCreate: true });
    expect(c?.grant.iss).toBe(LK_KEY);
  });

  it("closeRoom is DeleteRoom; a room already gone is success", async () => {
    lk.rooms.set("rm_close1", [participant("PA_1", "a", { role: "publisher" })]);
    await driver().closeRoom(lk.url, "rm_close1");
    const c = last("DeleteRoom");
    expect(c?.request).toEqual(new DeleteRoomRequest({ room: "rm_close1" }));
    expect(c?.grant.video?.roomCreate).toBe(true);
    expect(lk.rooms.has("rm_close1")).toBe(false);
    await expect(driver().closeRoom(lk.url, "rm_close1")).resolves.toBeUndefined();
  });

  it("removeParticipants maps sids to identities and calls RemoveParticipant with roomAdmin on that room", async () => {
    lk.rooms.set("rm_rm1", [
      participant("PA_x", "xena", { role: "viewer" }),
      participant("PA_y", "yann", { role: "publisher" }),
    ]);
    expect(await driver().removeParticipants(lk.url, "rm_rm1", ["PA_x", "PA_gone"])).toBe(1);
    const list = last("ListParticipants");
    expect(list?.request).toEqual(new ListParticipantsRequest({ room: "rm_rm1" }));
    expect(list?.grant.video).toEqual({ roomAdmin: true, room: "rm_rm1" });
    const rm = last("RemoveParticipant");
    expect(requestOf<RoomParticipantIdentity>("RemoveParticipant")).toMatchObject({
      identity: "xena",
      room: "rm_rm1",
    });
    expect(rm?.grant.video).toEqual({ roomAdmin: true, room: "rm_rm1" });
    expect(lk.rooms.get("rm_rm1")?.map((p) => p.identity)).toEqual(["yann"]);
    expect(await driver().removeParticipants(lk.url, "rm_nosuchroom", ["PA_x"])).toBe(0);
  });

  it("listRooms lists our rooms (rm_…) with their participants' sids, through ListRooms and ListParticipants", async () => {
    lk.rooms.clear();
    lk.rooms.set("rm_l1", [participant("PA_l1", "l", { role: "publisher" })]);
    lk.rooms.set("operator-demo", [participant("PA_o", "o")]);
    lk.rooms.get("rm_l1")?.push(participant("PA_rec", "EG_recorder"));
    const joinedAt = new Date(Number(lk.rooms.get("rm_l1")?.[0]?.joinedAtMs ?? 0));
    // Every sid counts for presence; only participants our credentials admitted are told apart.
    expect(await driver().listRooms(lk.url)).toEqual([
      {
        roomId: "rm_l1",
        participantRefs: ["PA_l1", "PA_rec"],
        participants: [{ ref: "PA_l1", identity: "l", role: "publisher", joinedAt }],
      },
    ]);
    expect(last("ListRooms")?.grant.video).toEqual({ roomList: true });
    expect(await driver().probe(lk.url)).toBe(true);
  });

  it("startRecording is a Room Composite Egress to our bucket, its key naming the recording; the egress id is the ref", async () => {
    lk.rooms.set("rm_rec1", []);
    const recordingId = newId("recording");
    const { ref } = await driver().startRecording(lk.url, { recordingId, roomId: "rm_rec1" });
    const c = last("StartRoomCompositeEgress");
    expect(c?.service).toBe("Egress");
    expect(c?.grant.video).toEqual({ roomRecord: true });
    const req = c?.request as RoomCompositeEgressRequest;
    expect(req).toBeInstanceOf(RoomCompositeEgressRequest);
    expect(req.roomName).toBe("rm_rec1");
    const file = req.fileOutputs[0];
    expect(file?.filepath).toBe(`recordings/rm_rec1/${recordingId}.mp4`);
    expect(file?.output.case).toBe("s3");
    expect(file?.output.value).toMatchObject({
      bucket: S3.bucket,
      region: S3.region,
      endpoint: S3.endpoint,
      forcePathStyle: true,
      accessKey: "AKIATEST",
      secret: "s3-secret-test",
    });
    expect(ref).toMatch(/^EG_/);

    await driver().stopRecording(lk.url, { recordingId, roomId: "rm_rec1", ref });
    expect(last("StopEgress")?.request).toEqual(new StopEgressRequest({ egressId: ref ?? "" }));
    expect(last("StopEgress")?.grant.video).toEqual({ roomRecord: true });
  });

  it("stopRecording without a ref finds the room's active egress by its key; stopping a stopped one succeeds", async () => {
    lk.rooms.set("rm_rec2", []);
    const recordingId = newId("recording");
    const { ref } = await driver().startRecording(lk.url, { recordingId, roomId: "rm_rec2" });
    await driver().stopRecording(lk.url, { recordingId, roomId: "rm_rec2", ref: null });
    expect(requestOf<ListEgressRequest>("ListEgress").roomName).toBe("rm_rec2");
    expect(requestOf<StopEgressRequest>("StopEgress").egressId).toBe(ref);
    const info = lk.egresses.get(ref ?? "");
    // Ended: LiveKit answers StopEgress with failed_precondition.
    if (info) info.status = EgressStatus.EGRESS_COMPLETE;
    await expect(
      driver().stopRecording(lk.url, { recordingId, roomId: "rm_rec2", ref }),
    ).resolves.toBeUndefined();
    await expect(
      driver().stopRecording(lk.url, { recordingId, roomId: "rm_rec2", ref: "EG_unknown" }),
    ).resolves.toBeUndefined();
  });

  it("refuses to record to the embedded store: no egress can upload there", async () => {
    storage = { ...S3, local: true };
    try {
      await expect(
        driver().startRecording(lk.url, { recordingId: newId("recording"), roomId: "rm_rec1" }),
      ).rejects.toBeInstanceOf(MediaRecordingUnavailable);
    } finally {
      storage = S3;
    }
  });

  it("a node that answers 5xx or not at all is unavailable; a wrong key is an error of its own", async () => {
    lk.failWith = 503;
    try {
      await expect(driver().listRooms(lk.url)).rejects.toBeInstanceOf(MediaNodeUnavailable);
      expect(await driver().probe(lk.url)).toBe(false);
    } finally {
      lk.failWith = undefined;
    }
    const wrongKey = livekitDriver({
      url: lk.url,
      apiKey: LK_KEY,
      apiSecret: `${LK_SECRET}x`,
      storage: () => S3,
    });
    const err = await wrongKey.listRooms(lk.url).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(MediaNodeUnavailable);
    const down = await startFakeLivekit();
    await down.close();
    const gone = livekitDriver({
      url: down.url,
      apiKey: LK_KEY,
      apiSecret: LK_SECRET,
      storage: () => S3,
      timeoutSec: 2,
    });
    await expect(gone.closeRoom(down.url, "rm_x")).rejects.toBeInstanceOf(MediaNodeUnavailable);
    expect(() => driver().credential("wss://elsewhere", {} as never)).toThrow(
      /not the configured LiveKit server/,
    );
  });
});

describe("rooms ended and reconciled through LiveKit", () => {
  let w: LivekitWorld;
  let key: MintedApiKey;
  beforeAll(async () => {
    w = await livekitWorld();
    const res = await call<MintedApiKey>("POST", `/v1/workspace/projects/${w.org.projectId}/api-keys`, {
      token: w.org.members.Owner.token,
      json: { name: "reconcile" },
    });
    key = res.body;
  });
  afterAll(async () => {
    await w?.stop();
  });

  /** A room placed on LiveKit (a token minted), joined by `people` as LiveKit's webhooks say. */
  const joinedRoom = async (people: string[]) => {
    const r = await w.newRoom();
    const minted = await call<RoomToken>("POST", "/v1/auth/tokens/room", {
      headers: { authorization: `Bearer ${key.project_key}` },
      json: { roomId: r.id, identity: "host", role: "publisher" },
    });
    expect(minted.body.media?.provider).toBe("livekit");
    const now = Date.now();
    for (const [i, identity] of people.entries()) {
      const p = participant(`PA_${r.id}_${identity}`, identity, { role: "publisher", joinedAtMs: now + i });
      w.lk.rooms.get(r.id)?.push(p);
      const hook = await signedWebhook(
        webhookEvent({ event: "participant_joined", room: { name: r.id } as never, participant: p }),
      );
      expect((await w.post(hook.body, hook.authorization)).status).toBe(200);
    }
    return r;
  };

  it("POST …/end deletes the LiveKit room (everyone in it is disconnected)", async () => {
    const r = await joinedRoom(["ann"]);
    const res = await call("POST", `/v1/workspace/rooms/${r.id}/end`, { token: w.org.members.Owner.token });
    expect(res.status, res.text).toBeLessThan(300);
    const del = w.lk.calls.find(
      (c) => c.method === "DeleteRoom" && (c.request as DeleteRoomRequest).room === r.id,
    );
    expect(del?.grant.video?.roomCreate).toBe(true);
    expect(w.lk.rooms.has(r.id)).toBe(false);
  });

  it("a recording asked of LiveKit without an S3 bucket is 409 naming what to set, and no egress starts", async () => {
    const r = await joinedRoom(["kim"]);
    const res = await call("POST", `/v1/workspace/rooms/${r.id}/recordings`, {
      token: w.org.members.Owner.token,
    });
    expectProblem(res, 409, "conflict");
    expect(res.text).toContain("S3_BUCKET");
    expect(w.lk.calls.some((c) => c.method === "StartRoomCompositeEgress")).toBe(false);
  });

  it("removing a participant calls RemoveParticipant for their identity; their leave event records it", async () => {
    const r = await joinedRoom(["ivy", "jay"]);
    const res = await call("DELETE", `/v1/workspace/rooms/${r.id}/participants/ivy`, {
      token: w.org.members.Owner.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ identity: "ivy", removed: 1 });
    const rm = w.lk.calls.filter((c) => c.method === "RemoveParticipant").at(-1);
    expect(rm?.request).toMatchObject({ room: r.id, identity: "ivy" });
    expect(rm?.grant.video).toEqual({ roomAdmin: true, room: r.id });
    expect(w.lk.rooms.get(r.id)?.map((p) => p.identity)).toEqual(["jay"]);
    // LiveKit then reports the leave (PARTICIPANT_REMOVED).
    const ivy = participant(`PA_${r.id}_ivy`, "ivy", { role: "publisher" });
    const hook = await signedWebhook(
      webhookEvent({ event: "participant_left", room: { name: r.id } as never, participant: ivy }),
    );
    await w.post(hook.body, hook.authorization);
    expect((await w.eventsFor(r.id, "participant.left")).map((p) => p.identity)).toEqual(["ivy"]);
  });

  it("reconcile records a join whose participant_joined was lost; the later leave then ends the room", async () => {
    const r = await joinedRoom([]);
    const kim = participant(`PA_${r.id}_kim`, "kim", { role: "publisher", joinedAtMs: Date.now() - 5_000 });
    // LiveKit has kim (and its own recorder) in the room; her participant_joined never arrived.
    w.lk.rooms.get(r.id)?.push(kim, participant(`PA_${r.id}_eg`, "EG_rec"));
    expect((await w.room(r.id)).state).toBe("created");
    expect(await reconcileMedia(await getDb())).toMatchObject({ joined: 1, left: 0 });
    const row = await w.room(r.id);
    expect([row.state, row.activeParticipants]).toEqual(["active", 1]);
    expect(await reconcileMedia(await getDb())).toMatchObject({ joined: 0, left: 0 });
    const hook = await signedWebhook(
      webhookEvent({ event: "participant_left", room: { name: r.id } as never, participant: kim }),
    );
    await w.post(hook.body, hook.authorization);
    expect((await w.eventsFor(r.id, "participant.left")).map((p) => p.identity)).toEqual(["kim"]);
    expect((await w.room(r.id)).state).toBe("ended");
    // LiveKit drops the room once empty (room_finished), as the fake does not by itself.
    w.lk.rooms.delete(r.id);
  });

  it("a join into an ended room (an old credential re-creating it on LiveKit) deletes the room again", async () => {
    const r = await joinedRoom(["eve"]);
    await call("POST", `/v1/workspace/rooms/${r.id}/end`, { token: w.org.members.Owner.token });
    const deletes = () =>
      w.lk.calls.filter((c) => c.method === "DeleteRoom" && (c.request as DeleteRoomRequest).room === r.id)
        .length;
    expect(deletes()).toBe(1);
    // eve's token is still valid: LiveKit auto-creates the room and reports her join.
    const p = participant(`PA_${r.id}_again`, "eve", { role: "publisher" });
    w.lk.rooms.set(r.id, [p]);
    const hook = await signedWebhook(
      webhookEvent({ event: "participant_joined", room: { name: r.id } as never, participant: p }),
    );
    expect((await w.post(hook.body, hook.authorization)).status).toBe(200);
    expect(deletes()).toBe(2);
    expect(w.lk.rooms.has(r.id)).toBe(false);
    expect((await w.room(r.id)).state).toBe("ended");
  });

  it("reconcile repairs a lost leave and a lost room_finished, leaves created rooms to auto-create, closes ended ones", async () => {
    const lostLeave = await joinedRoom(["amy", "ben"]);
    const lostFinish = await joinedRoom(["cat"]);
    const waiting = await w.newRoom();
    const stale = await joinedRoom(["dan"]);
    // amy's participant_left never arrived; LiveKit dropped lostFinish (room_finished lost too).
    w.lk.rooms.set(
      lostLeave.id,
      (w.lk.rooms.get(lostLeave.id) ?? []).filter((p) => p.identity !== "amy"),
    );
    w.lk.rooms.delete(lostFinish.id);
    // stale ended in the database while LiveKit kept it (its DeleteRoom failed).
    w.lk.failWith = 503;
    await call("POST", `/v1/workspace/rooms/${stale.id}/end`, { token: w.org.members.Owner.token });
    w.lk.failWith = undefined;
    expect(w.lk.rooms.has(stale.id)).toBe(true);

    const summary = await reconcileMedia(await getDb());
    expect(summary).toMatchObject({ nodes: 1, nodes_down: 0, left: 1, ended: 1, reopened: 0, closed: 1 });
    expect((await w.eventsFor(lostLeave.id, "participant.left")).map((p) => p.identity)).toEqual(["amy"]);
    expect((await w.room(lostLeave.id)).state).toBe("active");
    expect((await w.room(lostFinish.id)).state).toBe("ended");
    expect(await w.eventsFor(lostFinish.id, "room.ended")).toHaveLength(1);
    expect(w.lk.rooms.has(stale.id)).toBe(false);
    // A created room LiveKit does not hold is not created again (LiveKit creates it on join).
    expect(
      w.lk.calls.some(
        (c) => c.method === "CreateRoom" && (c.request as CreateRoomRequest).name === waiting.id,
      ),
    ).toBe(false);
    expect(await reconcileMedia(await getDb())).toMatchObject({ left: 0, ended: 0, closed: 0 });

    w.lk.failWith = 503;
    try {
      expect(await reconcileMedia(await getDb())).toMatchObject({ nodes: 1, nodes_down: 1 });
    } finally {
      w.lk.failWith = undefined;
    }
  });
});
