import { spawnSync } from "node:child_process";
import fs from "node:fs";

/** Debian's janus.js and the adapter it expects (docs/media-plane.md's browser example uses both). */
export const DEBIAN_JANUS_JS = "/usr/share/javascript/janus-gateway/janus.js";
export const DEBIAN_ADAPTER_JS = "/usr/share/javascript/webrtc-adapter/adapter.js";

import { rtmpAvailable } from "../../helpers/rtmp-server";

/**
 * What the real-media tests need from the machine: `unshare -n` permitted (root or CAP_SYS_ADMIN),
 * `janus`, `janus-tools`, `ffmpeg`, `libjs-janus-gateway`, `libjs-webrtc-adapter` and Chromium installed. Missing, the tests skip with the reason, unless
 * MEDIA_E2E_REQUIRED=1 (CI), where a missing piece fails the run instead of passing it silently.
 */
export function missingRequirement(): string | undefined {
  if (spawnSync("unshare", ["-n", "--", "true"], { stdio: "ignore" }).status !== 0)
    return "`unshare -n` is not permitted here (run as root, or with CAP_SYS_ADMIN)";
  if (spawnSync("janus", ["-V"], { stdio: "ignore" }).error)
    return "`janus` is not installed (apt-get install janus janus-tools)";
  // The recording agent's tools (tests/media-e2e/recordings.spec.ts).
  for (const [cmd, arg] of [
    ["janus-pp-rec", "--help"],
    ["ffmpeg", "-version"],
    ["ffprobe", "-version"],
  ] as const) {
    if (spawnSync(cmd, [arg], { stdio: "ignore" }).error)
      return `\`${cmd}\` is not installed (apt-get install janus-tools ffmpeg)`;
  }
  for (const [file, pkg] of [
    [DEBIAN_JANUS_JS, "libjs-janus-gateway"],
    [DEBIAN_ADAPTER_JS, "libjs-webrtc-adapter"],
  ] as const) {
    if (!fs.existsSync(file)) return `${file} is missing (apt-get install ${pkg})`;
  }
  // Live streams and TURN (tests/media-e2e/streams.spec.ts, turn.spec.ts).
  if (spawnSync("turnserver", ["--version"], { stdio: "ignore" }).error)
    return "`turnserver` is not installed (apt-get install coturn)";
  if (!rtmpAvailable)
    return "nginx with its RTMP module is not installed (apt-get install libnginx-mod-rtmp)";
  const chromium = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium";
  if (spawnSync(chromium, ["--version"], { stdio: "ignore" }).error) return `${chromium} is not installed`;
  return undefined;
}

export function requireOrSkip(skip: (condition: boolean, reason: string) => void): void {
  const missing = missingRequirement();
  if (missing && process.env.MEDIA_E2E_REQUIRED === "1") throw new Error(`real-media tests: ${missing}`);
  skip(missing !== undefined, missing ?? "");
}
