import type { z } from "zod";
import type { MediaSettings } from "@/lib/env-media";
import type { DriverObservation } from "@/lib/media/driver-observation";
import type { MediaReport } from "@/lib/media/media-report-schema";
import type { MediaPlaneDriver } from "@/lib/media/plane";
import type { StorageConfig } from "@/lib/storage/storage-config";
import type { PlaneStreamReport } from "@/lib/streams/plane-stream-report";

/**
 * What a media-plane driver registers (docs/media-plane.md "Adding a driver"): everything the rest
 * of the service derives from it, so a driver is its folder plus one line in
 * lib/media/driver-registry.ts. A registration module stays light (no server SDK at import: the
 * env module reads the table at start-up); heavy parts are imported when first called.
 *
 * A registration translates and nothing else: it says which settings it needs, how to build the
 * driver, which origins browsers connect to, and how its media server's event requests are
 * authenticated and parsed into neutral observations. Every rule about rooms, events, quality or
 * recordings is the domain's (lib/media, lib/rooms), reached through lib/media/receive-observations.ts.
 */

/** The media plane's settings, as lib/env.ts parsed them (declared in the env area). */
export type { MediaSettings };

/** What a driver's build needs from the service besides settings. */
export interface DriverServices {
  /** The object store recordings go to (LiveKit's egress uploads there). */
  storage: () => StorageConfig;
}

/** An authenticated event request: which node sent it (its own events credential says so). */
export interface EventSender {
  node: string;
}

/** What one event request meant, and the answer the media server gets. */
export interface ParsedEvents {
  observations: DriverObservation[];
  /** Recording reports (egress events), in the media report vocabulary. */
  reports?: MediaReport[];
  /** Stream reports (a plane that runs streams itself: LiveKit's egress). */
  streamReports?: PlaneStreamReport[];
  /** Facts for the answer (counts, the event's name), merged into the route's reply. */
  received: number;
  event?: string;
}

export interface DriverEvents {
  /** The route's path (app/v1/internal/media/<provider>/route.ts). */
  path: string;
  /** The route contract's auth kind (lib/routes/contract.ts). */
  auth: "media_events" | "media_webhook";
  /**
   * Who sent the request, from its credential; throws ApiError("unauthenticated") (401) for
   * anything else, before the body is read when the credential does not cover the body.
   */
  authenticate(req: Request, settings: MediaSettings): Promise<EventSender> | EventSender;
  /** The body as neutral observations (422 for a body that is not the media server's JSON). */
  parse(req: Request, sender: EventSender, settings: MediaSettings): Promise<ParsedEvents>;
}

/**
 * What the plane itself enforces or measures (docs/media-plane.md's capability matrix is checked
 * against these): the domain makes up for what a plane cannot do.
 */
export interface DriverCapabilities {
  /** The plane refuses a publisher beyond the room type's limit (lib/rooms/room-publishers.ts) itself. */
  enforcesPublisherLimit: boolean;
  /** The plane refuses media from a credential without publish rights (a viewer's). */
  refusesViewerPublishing: boolean;
  /** The plane reports media statistics, which the driver turns into quality samples. */
  reportsQuality: boolean;
  /** The plane creates a room when a credential joins it (an ended room must be closed again). */
  opensRoomsOnJoin: boolean;
  /** Where its recordings are written. */
  records: "on the node (recording agent uploads)" | "S3 (the plane uploads)" | "in memory (tests)";
}

export interface MediaDriverRegistration {
  capabilities: DriverCapabilities;
  /** SVC_MEDIA_PLANE's value, the credential's `provider` and the route's last segment. */
  provider: string;
  /** Registered for tests only: SVC_MEDIA_PLANE refuses it outside NODE_ENV=test, and no document lists it. */
  testOnly?: boolean;
  /**
   * Adds an issue per missing or inconsistent setting (SVC_MEDIA_PLANE is this provider): the env
   * area's check for this provider (lib/env-media.ts MEDIA_PLANE_SETTINGS).
   */
  checkSettings(settings: MediaSettings, ctx: z.RefinementCtx, production: boolean): void;
  /** The driver, or undefined while its settings are incomplete. */
  build(settings: MediaSettings, services: DriverServices): MediaPlaneDriver | undefined;
  /** Origins the join page connects to (CSP `connect-src`), docs/decisions/1033. */
  connectSources(settings: MediaSettings): string[];
  /** The route its media server posts events to; absent for a plane reported through /v1/internal/media-events. */
  events?: DriverEvents;
}
