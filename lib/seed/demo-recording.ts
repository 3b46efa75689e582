import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The demo data's recording files are real, short, playable WebM videos (docs/recordings.md,
 * "Demo recordings"): made at seed time with ffmpeg's test sources (a test pattern with a clock and
 * a 440 Hz tone, VP8 and Opus, as the recording agent stores) when ffmpeg is installed, else the
 * small file committed beside this module (`lib/seed/demo-recording.webm`, 5 s, made by the same
 * command). Either way a newcomer who clicks Download gets a video.
 */

export interface DemoClip {
  body: Uint8Array;
  durationSec: number;
  contentType: "video/webm";
  extension: "webm";
}

const COMMITTED = path.join(process.cwd(), "lib", "seed", "demo-recording.webm");
const COMMITTED_SECONDS = 5;

/** ffmpeg's arguments for a clip of `seconds` (the committed file was made with 5). */
export function demoClipArgs(seconds: number, out: string): string[] {
  return [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-t", String(seconds), "-c:v", "libvpx", "-b:v", "120k", "-c:a", "libopus", "-b:a", "24k"],
    ...["-f", "webm", out],
  ];
}

/** A clip of about `seconds`; the committed one (5 s) when ffmpeg is missing or fails. */
export function demoClip(seconds: number): DemoClip {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-demo-clip-"));
  try {
    const out = path.join(dir, "clip.webm");
    const made = spawnSync("ffmpeg", demoClipArgs(seconds, out), { stdio: "ignore", timeout: 60_000 });
    if (made.status === 0 && fs.existsSync(out)) {
      return {
        body: fs.readFileSync(out),
        durationSec: seconds,
        contentType: "video/webm",
        extension: "webm",
      };
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return {
    body: fs.readFileSync(COMMITTED),
    durationSec: COMMITTED_SECONDS,
    contentType: "video/webm",
    extension: "webm",
  };
}
