import { setFlagsFromString } from "node:v8";

/**
 * V8's allocation-site pretenuring, turned off for the server (docs/decisions/0974).
 *
 * Under concurrent requests a good share of each request's objects is still alive at the next
 * young-generation collection (the request is in flight), so V8 marks their allocation sites as
 * long-lived and allocates from them straight into the old generation. Those objects die with
 * their request a few ms later but are freed only by a major (mark-compact) GC, and a major GC
 * holds every request in flight for tens of ms. Measured on a bare Next app at 32 concurrent:
 * 26–33 KB per request reached the old generation with pretenuring, 13–15 KB without, and major
 * GCs came half as often (bench/README.md at commit cae1580, "Issue 15, tenth session").
 *
 * Set by `startServer` (lib/server/start.ts), before the first request: a V8 flag is process-wide,
 * so it also covers the embedded database's worker. `SVC_GC_PRETENURING=on` keeps V8's default.
 * Returns the flags it set, which the "server started" log line shows.
 */
export const NO_PRETENURING_FLAG = "--no-allocation-site-pretenuring";

export function tuneGc(
  pretenuring: "on" | "off",
  setFlags: (flags: string) => void = setFlagsFromString,
): string[] {
  if (pretenuring === "on") return [];
  setFlags(NO_PRETENURING_FLAG);
  return [NO_PRETENURING_FLAG];
}
