import { type EgressInfo, EgressStatus } from "livekit-server-sdk";
import type { NodeStream } from "@/lib/media/plane";
import type { PlaneStreamReport } from "@/lib/streams/plane-stream-report";

/**
 * A live stream's egress events in the service's words (issue 45, docs/media-plane-livekit.md):
 * the driver only translates, the domain decides (lib/streams/apply-plane-stream-report.ts).
 * The stream is named by what the service put in its request: the HLS segments' prefix holds the
 * stream id (lib/streams/stream-object.ts); an RTMP-only egress is named by its egress id, the
 * stream's stored handle. An egress naming neither matches no stream and changes nothing.
 *
 * - active (egress_started or egress_updated): `stream.started`;
 * - complete or limit reached (egress_ended): `stream.ended`;
 * - failed or aborted: `stream.failed` with LiveKit's error as the reason;
 * - any of these with a failed RTMP destination in `streamResults`: that output's failure first.
 * Starting and ending are not news. Stream keys never leave this module: a destination is its
 * URL without the last path segment, and RTMP URLs in LiveKit's error texts are cut the same way.
 */

const STREAM_ID = /str_[A-Za-z0-9]{16,64}/;
/** StreamInfo.Status.FAILED (@livekit/protocol's livekit_egress.proto). */
const STREAM_FAILED = 2;
const MAX_REASON = 480;

/** An RTMP URL as far as its last path segment (the stream key, as the egress was given it). */
const withoutKey = (url: string) => url.replace(/\/[^/]*$/, "");
const redact = (text: string) =>
  text.replace(/rtmps?:\/\/[^\s"']+/gi, (u) => `${withoutKey(u)}/…`).slice(0, MAX_REASON);

/** Where the egress writes the stream's HLS: its result's playlist, else the request's prefix. */
function segmentsPath(info: EgressInfo): string | undefined {
  const result = info.segmentResults[0]?.playlistName;
  if (result) return result;
  const req = info.request;
  if (req.case !== "roomComposite") return undefined;
  const legacy = req.value.output;
  return (
    req.value.segmentOutputs[0]?.filenamePrefix ??
    (legacy.case === "segments" ? legacy.value.filenamePrefix : undefined)
  );
}

/** The stream an egress writes the HLS of (its segments' prefix names it), if any. */
export const egressStreamId = (info: EgressInfo): string | undefined =>
  STREAM_ID.exec(segmentsPath(info) ?? "")?.[0];

/** Egresses as the streams a node runs (reconcile): each by its id, and the stream whose HLS it writes. */
export const egressNodeStreams = (list: readonly EgressInfo[]): NodeStream[] =>
  list.map((e) => {
    const streamId = egressStreamId(e);
    return { ref: e.egressId, ...(streamId ? { streamId } : {}) };
  });

/** The RTMP URLs the egress was asked to push to (its request; else its results), keys cut. */
function destinationsOf(info: EgressInfo): string[] {
  const req = info.request;
  const asked =
    req.case === "roomComposite"
      ? [
          ...req.value.streamOutputs.flatMap((o) => o.urls),
          ...(req.value.output.case === "stream" ? req.value.output.value.urls : []),
        ]
      : [];
  const urls = asked.length > 0 ? asked : info.streamResults.map((s) => s.url);
  return [...new Set(urls.filter((u) => /^rtmps?:\/\//i.test(u)).map(withoutKey))];
}

export function egressStreamReports(info: EgressInfo, eventId: string, roomId: string): PlaneStreamReport[] {
  const streamId = egressStreamId(info);
  const destinations = streamId ? [] : destinationsOf(info);
  const base = {
    id: `livekit:${eventId}`,
    room_id: roomId,
    ...(streamId ? { stream_id: streamId } : {}),
    ...(info.egressId ? { ref: info.egressId } : {}),
    ...(destinations.length > 0 ? { destinations } : {}),
  };
  if (!streamId && !info.egressId) return [];
  const failed = info.streamResults
    .filter((s) => s.status === STREAM_FAILED && s.url)
    .map((s) => ({
      destination: withoutKey(s.url),
      reason: redact(s.error ? `the destination failed: ${s.error}` : "the destination failed"),
    }));
  const failedOutputs = failed.length > 0 ? { failed_outputs: failed } : {};
  switch (info.status) {
    case EgressStatus.EGRESS_ACTIVE:
      return [{ ...base, type: "stream.started", ...failedOutputs }];
    case EgressStatus.EGRESS_COMPLETE:
    case EgressStatus.EGRESS_LIMIT_REACHED:
      return [{ ...base, type: "stream.ended", ...failedOutputs }];
    case EgressStatus.EGRESS_FAILED:
    case EgressStatus.EGRESS_ABORTED: {
      const what = info.status === EgressStatus.EGRESS_ABORTED ? "aborted" : "failed";
      const reason = redact(`LiveKit's egress ${what}${info.error ? `: ${info.error}` : ""}`);
      return [{ ...base, type: "stream.failed", reason, ...failedOutputs }];
    }
    default:
      return [];
  }
}
