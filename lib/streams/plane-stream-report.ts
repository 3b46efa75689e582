/**
 * What a media plane that runs streams itself (LiveKit's egress, issue 45) says about one of them,
 * in the service's words: the driver translates its server's events into this, the intake stores
 * it (lib/media/intake.ts) and the domain decides (lib/streams/apply-plane-stream-report.ts).
 */
export interface PlaneStreamReport {
  /** The plane's event id, for logs (a repeat changes nothing because each move has one state). */
  id: string;
  /** The room the plane streamed (LiveKit: the egress's room name, our room id). */
  room_id: string;
  /** The stream's id when the plane's request named it (the HLS prefix the service derived). */
  stream_id?: string;
  /** The plane's handle for the stream (LiveKit: the egress id, stored as the stream's media_ref). */
  ref?: string;
  /**
   * The RTMP destinations the plane was asked to push to, each without its last path segment (the
   * stream key is never carried): how a report that comes before the start stored the plane's
   * handle finds its stream (docs/decisions/1401).
   */
  destinations?: string[];
  /** started: the stream is on air; ended: it ended normally; failed: all of it failed (`reason`). */
  type: "stream.started" | "stream.ended" | "stream.failed";
  reason?: string;
  /**
   * Destinations the plane says failed while others may go on: the RTMP URL without its last
   * path segment (the stream key is never carried), and why.
   */
  failed_outputs?: { destination: string; reason: string }[];
}
