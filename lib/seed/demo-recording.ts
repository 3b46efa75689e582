import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * The demo data's recordings are real, short, playable files, as the recording agent stores them
 * (docs/recordings.md, "Demo recordings"; docs/decisions/1246, 1247): an MP4 (H.264 and AAC) and
 * its HLS rendition (a VOD playlist over one fragmented-MP4 file), made at seed time with ffmpeg's
 * test sources (a test pattern with a counter and a 440 Hz tone) when ffmpeg is installed, else the
 * small files committed beside this module (`lib/seed/demo-recording.mp4` and `demo-hls/`, 5 s,
 * made by the same commands). Either way a newcomer who clicks Play or Download gets a video.
 */

export interface DemoFile {
  /** The file's name under the recording's prefix (recording.mp4, hls/…). */
  name: string;
  body: Uint8Array;
  contentType: string;
}

export interface DemoClip {
  /** The MP4 (the download). */
  body: Uint8Array;
  durationSec: number;
  contentType: "video/mp4";
  /** The HLS rendition's files. */
  hls: DemoFile[];
}

const COMMITTED = path.join(process.cwd(), "lib", "seed");
const COMMITTED_SECONDS = 5;
const HLS_FILES = [
  { name: "index.m3u8", contentType: "application/vnd.apple.mpegurl" },
  { name: "index.m4s", contentType: "video/mp4" },
] as const;

/** ffmpeg's arguments for an MP4 clip of `seconds` (the committed one was made with 5). */
export function demoClipArgs(seconds: number, out: string): string[] {
  return [
    ...["-hide_banner", "-loglevel", "error", "-y"],
    ...["-f", "lavfi", "-i", "testsrc=size=320x240:rate=15"],
    ...["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000"],
    ...["-t", String(seconds), "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"],
    ...["-g", "30", "-c:a", "aac", "-b:a", "48k", "-movflags", "+faststart", "-f", "mp4", out],
  ];
}

/** ffmpeg's arguments for the HLS rendition of an MP4 (streams copied), into `dir`. */
export function demoHlsArgs(mp4: string, dir: string): string[] {
  return [
    ...["-hide_banner", "-loglevel", "error", "-y", "-i", mp4, "-c", "copy"],
    ...["-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod"],
    ...["-hls_segment_type", "fmp4", "-hls_flags", "single_file", path.join(dir, "index.m3u8")],
  ];
}

const readHls = (dir: string): DemoFile[] =>
  HLS_FILES.map((f) => ({
    name: `hls/${f.name}`,
    body: fs.readFileSync(path.join(dir, f.name)),
    contentType: f.contentType,
  }));

/** A clip of about `seconds`; the committed one (5 s) when ffmpeg is missing or fails. */
export function demoClip(seconds: number): DemoClip {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-demo-clip-"));
  try {
    const out = path.join(dir, "clip.mp4");
    const run = (args: string[]) =>
      spawnSync("ffmpeg", args, { stdio: "ignore", timeout: 60_000 }).status === 0;
    if (run(demoClipArgs(seconds, out)) && run(demoHlsArgs(out, dir))) {
      return {
        body: fs.readFileSync(out),
        durationSec: seconds,
        contentType: "video/mp4",
        hls: readHls(dir),
      };
    }
  } catch {
    // Fall through to the committed clip.
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return {
    body: fs.readFileSync(path.join(COMMITTED, "demo-recording.mp4")),
    durationSec: COMMITTED_SECONDS,
    contentType: "video/mp4",
    hls: readHls(path.join(COMMITTED, "demo-hls")),
  };
}
