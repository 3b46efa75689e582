import type { Db } from "@/lib/db";
import type { DriverObservation } from "@/lib/media/driver-observation";
import type { MediaIntakeReceipt } from "@/lib/media/intake";
import { acceptMediaIntake } from "@/lib/media/intake";
import type { MediaReport } from "@/lib/media/media-report-schema";
import type { PlaneStreamReport } from "@/lib/streams/plane-stream-report";

/**
 * What a driver parsed out of one authenticated request of its media server: the node that sent it
 * (its own events credential says which: lib/media/driver-registry.ts) and what it observed.
 */
export interface DriverDelivery {
  provider: string;
  /** The node the request came from (its credential's node): its events may touch only its rooms. */
  node: string;
  observations: readonly DriverObservation[];
  /** Recording reports (LiveKit's egress events), in the media report vocabulary. */
  reports?: readonly MediaReport[];
  /** What the plane said about streams it runs itself (LiveKit's egress). */
  streamReports?: readonly PlaneStreamReport[];
}

/**
 * The one place every driver's event route hands what it parsed to the domain
 * (docs/media-plane.md "Adding a driver"): the request is stored in one insert (lib/media/intake.ts,
 * docs/decisions/1200) and the apply-media-intake job applies it through the one pipeline, then
 * runs the post-commit policies (lib/media/run-media-followups.ts, lib/media/run-driver-policies.ts).
 * Nothing is applied inside the media server's request.
 */
export function receiveObservations(db: Db, delivery: DriverDelivery): Promise<MediaIntakeReceipt> {
  return acceptMediaIntake(db, {
    driver: delivery.provider,
    // An empty node is a caller without an authenticated node (tests): no placement check.
    node: delivery.node === "" ? null : delivery.node,
    observations: delivery.observations,
    ...(delivery.reports ? { reports: delivery.reports } : {}),
    ...(delivery.streamReports ? { streamReports: delivery.streamReports } : {}),
  });
}
