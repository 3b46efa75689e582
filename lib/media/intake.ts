import type { Db } from "@/lib/db";
import type { DriverObservation } from "@/lib/media/driver-observation";
import type { MediaReport } from "@/lib/media/media-report-schema";
import type { PlaneStreamReport } from "@/lib/streams/plane-stream-report";

/**
 * The one door from a media-plane driver into the media pipeline (issue 42, docs/decisions/1200).
 * A driver's route authenticates the request (which node sent it), parses it into the neutral
 * vocabulary (MediaObservation, lib/media/connections.ts, and QualitySample, lib/media/qos/quality-sample.ts; recording reports, MediaReport) and hands
 * it here. Nothing is applied inside the request: the request is stored in one insert and the
 * `apply-media-intake` job applies it (lib/media/apply-intake.ts), so the media server gets its
 * answer (202) as soon as its events are durable.
 *
 * Rules the pipeline applies, whatever the driver:
 * - observations and reports about a room not placed on `node` are ignored (counted, logged);
 * - one stream's (node's) requests apply in the order they were accepted, one at a time; within a request,
 *   observations apply in the plane's time order (docs/decisions/1201);
 * - a repeated request or observation changes nothing (refs and report ids are dedupe keys).
 */
export interface MediaIntake {
  /** The driver that parsed the request: its registry id ("janus", "livekit", a test stub). */
  driver: string;
  /**
   * The authenticated node: the node name rooms are placed on (`rooms.media_node`, the driver's
   * `nodes` entry). null only while a driver authenticates with one plane-wide credential: then
   * no placement check is possible and every room of the plane is accepted.
   */
  node: string | null;
  /**
   * What orders requests: those of one stream apply one at a time, in the order accepted
   * (default: the node). A driver whose credential does not name the node may name its sender
   * here (Janus: the event's `emitter`): it orders and parallelises, it authorizes nothing.
   */
  stream?: string;
  /** What the driver observed, in the order it was sent. */
  observations: readonly DriverObservation[];
  /** Recording (and other) reports the driver produced, applied after the observations. */
  reports?: readonly MediaReport[];
  /** What a plane that runs streams itself said about them (LiveKit's egress), applied last. */
  streamReports?: readonly PlaneStreamReport[];
}

/** What the route answers with (202). */
export interface MediaIntakeReceipt {
  /** The stored request's id (`mi_…`), for logs and the dead-letter list. */
  id: string;
  /** How many observations and reports were stored (0: nothing stored, nothing to apply). */
  stored: number;
}

export type AcceptMediaIntake = (db: Db, intake: MediaIntake) => Promise<MediaIntakeReceipt>;

export { acceptMediaIntake } from "@/lib/media/accept-intake";
