import {
  EgressInfo,
  EgressStatus,
  EncodedFileOutput,
  FileInfo,
  RoomCompositeEgressRequest,
  SegmentedFileProtocol,
  SegmentsInfo,
  WebhookEvent,
} from "@livekit/protocol";
import type { WebhookEvent as ReceivedEvent } from "livekit-server-sdk";
import { describe, expect, it } from "vitest";
import { newId } from "@/lib/ids";
import { egressFileOutput, egressSegmentsOutput } from "@/lib/media/livekit/egress-output";
import { observeLivekitEvent } from "@/lib/media/livekit/livekit-events";
import { recordingPrefix } from "@/lib/recordings/recording-object";

/**
 * LiveKit writes the same files as the Janus agent (docs/decisions/1247): the MP4 and an HLS
 * rendition under the prefix the service derived, and its egress_ended becomes `completed`, then
 * `ready` when segments were written. Built with LiveKit's own protocol classes.
 */
const storage = {
  bucket: "b",
  region: "auto",
  endpoint: "https://s3.example",
  forcePathStyle: true,
  credentials: { accessKeyId: "k", secretAccessKey: "s" },
  local: false,
};
const ids = { orgId: newId("org"), roomId: newId("room"), id: newId("recording") };
const prefix = recordingPrefix(ids);

function ended(segments: boolean): ReceivedEvent {
  // The SDK's receiver types `event` as its name union; the object is the same protocol message.
  return new WebhookEvent({
    id: "EV_1",
    event: "egress_ended",
    createdAt: BigInt(Math.floor(Date.now() / 1000)),
    egressInfo: new EgressInfo({
      egressId: "EG_1",
      roomName: ids.roomId,
      status: EgressStatus.EGRESS_COMPLETE,
      request: {
        case: "roomComposite",
        value: new RoomCompositeEgressRequest({
          roomName: ids.roomId,
          fileOutputs: [new EncodedFileOutput({ filepath: `${prefix}recording.mp4` })],
        }),
      },
      fileResults: [
        new FileInfo({ filename: `${prefix}recording.mp4`, duration: 61_000_000_000n, size: 9n }),
      ],
      segmentResults: segments
        ? [new SegmentsInfo({ playlistName: `${prefix}hls/index.m3u8`, segmentCount: 11n })]
        : [],
    }),
  }) as ReceivedEvent;
}

describe("LiveKit egress: MP4 and HLS under the recording's prefix", () => {
  it("asks for the MP4 and HLS segments where the service derived", () => {
    expect(egressFileOutput(storage, `${prefix}recording.mp4`).filepath).toBe(`${prefix}recording.mp4`);
    const seg = egressSegmentsOutput(storage, prefix);
    expect(seg.protocol).toBe(SegmentedFileProtocol.HLS_PROTOCOL);
    expect(seg.filenamePrefix).toBe(`${prefix}hls/segment`);
    expect(seg.playlistName).toBe("index.m3u8");
    expect(seg.output.case).toBe("s3");
  });

  it("reports completed, then ready when segments were written", () => {
    const withHls = observeLivekitEvent(ended(true)).reports;
    expect(withHls.map((r) => [r.type, r.recording?.id])).toEqual([
      ["recording.completed", ids.id],
      ["recording.ready", ids.id],
    ]);
    expect(new Set(withHls.map((r) => r.id)).size).toBe(2);
    const mp4Only = observeLivekitEvent(ended(false)).reports;
    expect(mp4Only.map((r) => r.type)).toEqual(["recording.completed"]);
  });
});
