import { RoomCompositeEgressRequest, StopEgressRequest, StreamProtocol } from "@livekit/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { livekitDriver } from "@/lib/media/livekit/driver";
import type { EgressStorage } from "@/lib/media/livekit/egress-output";
import { MediaRecordingUnavailable } from "@/lib/media/plane";
import { type FakeLivekit, LK_KEY, LK_SECRET, startFakeLivekit } from "./helpers/livekit";

/**
 * Issue 45 on LiveKit: a live stream is one Room Composite Egress with a stream output (every RTMP
 * destination) and a segments output (HLS into the service's bucket under the stream's prefix),
 * received by the local Twirp server that decodes it with @livekit/protocol and verifies its token
 * with livekit-server-sdk (tests/helpers/livekit.ts); its egress id is the stream's handle.
 */
const S3: EgressStorage = {
  bucket: "svc-streams-test",
  region: "eu-west-1",
  endpoint: "https://s3.example.test",
  forcePathStyle: true,
  credentials: { accessKeyId: "AKIATEST", secretAccessKey: "s3-secret-test" },
  local: false,
};

describe("live streams on LiveKit", () => {
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

  beforeAll(async () => {
    lk = await startFakeLivekit();
  });
  afterAll(async () => {
    await lk?.close();
  });

  it("startStream is an egress with RTMP and HLS segment outputs; stopStream stops it", async () => {
    lk.rooms.set("rm_live1", []);
    const streamId = newId("stream");
    const prefix = `streams/org_x/rm_live1/${streamId}/hls/`;
    const { ref } = await driver().startStream(lk.url, {
      streamId,
      roomId: "rm_live1",
      outputs: [
        { kind: "hls", objectPrefix: prefix },
        { kind: "rtmp", url: "rtmp://live.example.com/app/", streamKey: "k-123" },
      ],
    });
    const c = last("StartRoomCompositeEgress");
    expect(c?.grant.video).toEqual({ roomRecord: true });
    const req = c?.request as RoomCompositeEgressRequest;
    expect(req).toBeInstanceOf(RoomCompositeEgressRequest);
    expect(req.roomName).toBe("rm_live1");
    expect(req.streamOutputs[0]?.protocol).toBe(StreamProtocol.RTMP);
    expect(req.streamOutputs[0]?.urls).toEqual(["rtmp://live.example.com/app/k-123"]);
    const seg = req.segmentOutputs[0];
    expect(seg?.filenamePrefix).toBe(`${prefix}segment`);
    expect(seg?.playlistName).toBe("index.m3u8");
    expect(seg?.segmentDuration).toBe(2);
    expect(seg?.output.value).toMatchObject({ bucket: S3.bucket, accessKey: "AKIATEST" });
    expect(ref).toMatch(/^EG_/);

    await driver().stopStream(lk.url, { streamId, roomId: "rm_live1", ref, outputs: [] });
    expect(last("StopEgress")?.request).toEqual(new StopEgressRequest({ egressId: ref ?? "" }));
    // Stopping a stopped one (unknown to LiveKit) succeeds.
    await expect(
      driver().stopStream(lk.url, { streamId, roomId: "rm_live1", ref: "EG_unknown", outputs: [] }),
    ).resolves.toBeUndefined();
  });

  it("an RTMP-only stream needs no bucket; HLS to the embedded store is refused", async () => {
    lk.rooms.set("rm_live2", []);
    storage = { ...S3, local: true };
    try {
      const { ref } = await driver().startStream(lk.url, {
        streamId: newId("stream"),
        roomId: "rm_live2",
        outputs: [{ kind: "rtmp", url: "rtmp://live.example.com/app", streamKey: "k" }],
      });
      expect(ref).toMatch(/^EG_/);
      const rtmpOnly = last("StartRoomCompositeEgress")?.request as RoomCompositeEgressRequest | undefined;
      expect(rtmpOnly?.segmentOutputs).toEqual([]);
      await expect(
        driver().startStream(lk.url, {
          streamId: newId("stream"),
          roomId: "rm_live2",
          outputs: [{ kind: "hls", objectPrefix: "streams/x/" }],
        }),
      ).rejects.toBeInstanceOf(MediaRecordingUnavailable);
    } finally {
      storage = S3;
    }
  });
});
