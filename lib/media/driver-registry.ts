import type { DriverEvents, MediaDriverRegistration } from "@/lib/media/driver-registration";
import { janusRegistration } from "@/lib/media/janus/registration";
import { livekitRegistration } from "@/lib/media/livekit/registration";
import { stubRegistration } from "@/lib/media/stub/registration";

/**
 * Every media-plane driver, one line each (docs/media-plane.md "Adding a driver"). Each takes its
 * settings check from the env area (lib/env-media.ts MEDIA_PLANE_SETTINGS, whose keys are
 * SVC_MEDIA_PLANE's values: the env module depends on no driver). From this table come the driver
 * (lib/media/media-plane.ts), the event routes' authentication and parsing
 * (lib/media/receive-driver-events.ts), the join page's CSP sources
 * (lib/share-link/connect-sources.ts), the credential's `provider` values in the API document and
 * the join page's client loaders (lib/media-client/load-media-client.ts, typed against it).
 */
export const MEDIA_DRIVERS = [
  janusRegistration,
  livekitRegistration,
  stubRegistration,
] as const satisfies readonly MediaDriverRegistration[];

/**
 * Providers an operator may choose, in the table's order: the credential's `provider` enum in the
 * API document (the test-only stub is not one).
 */
export const PUBLIC_PROVIDERS = MEDIA_DRIVERS.flatMap((d) =>
  "testOnly" in d && d.testOnly ? [] : [d.provider],
) as [string, ...string[]];

export function findDriver(provider: string): MediaDriverRegistration | undefined {
  return MEDIA_DRIVERS.find((d) => d.provider === provider);
}

/** A provider an operator may choose (not a test-only one): the join page has a client for each. */
export type PublicProvider = Exclude<(typeof MEDIA_DRIVERS)[number], { testOnly: true }>["provider"];

/** A registered provider's name (the credential's `provider`, SVC_MEDIA_PLANE's value). */
export type RegisteredProvider = (typeof MEDIA_DRIVERS)[number]["provider"];

/** The event route of a registered driver (its route file names it: app/v1/internal/media/<provider>/route.ts). */
export function driverEvents(provider: RegisteredProvider): DriverEvents {
  const events = findDriver(provider)?.events;
  if (!events) throw new Error(`the ${provider} driver registers no event route`);
  return events;
}
