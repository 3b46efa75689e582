import fs from "node:fs";
import path from "node:path";
import { run, ToolFailed } from "@/lib/recorder/tools";

/**
 * One recording folder's `.mjr` files (`videoroom-<room>-user-<id>-<ts>-<audio|video>-<mindex>.mjr`,
 * docs/janus-facts.md) made into the recording's files (docs/decisions/1246, 1247): the publisher
 * whose video file is largest (the one seen longest) is the recording, with its own audio.
 * - `recording.mp4`, H.264 and AAC, `faststart` (plays while it downloads): H.264 as the browser
 *   sent it is copied (a remux, under a CPU second per minute); VP8 or VP9 is transcoded with
 *   libx264 `veryfast` (about 12 CPU seconds per minute at 640x480, 29 at 1280x720 on this
 *   machine's cores). Opus becomes AAC (cheap).
 * - `hls/index.m3u8` and `hls/index.m4s`: the same streams as an HLS VOD of fragmented MP4, one
 *   media file addressed by byte ranges (copied from the MP4: no second encode).
 */

export interface MadeFile {
  /** The MP4 (the download). */
  file: string;
  sizeBytes: number;
  durationSec: number;
  /** The HLS rendition's files, by the name they are uploaded under (`hls/…`). */
  hls: { name: string; file: string; sizeBytes: number }[];
}

interface Track {
  file: string;
  publisher: string;
  kind: "audio" | "video";
  size: number;
}

/** `<publisher>-<µs when the stream's file opened>-<kind>-<mindex>.mjr`: audio and video differ in the time. */
const MJR = /^(.*)-\d+-(audio|video)-\d+\.mjr$/;

function tracksIn(dir: string): Track[] {
  return fs.readdirSync(dir).flatMap((name) => {
    const m = MJR.exec(name);
    if (!m?.[1] || !m[2]) return [];
    const file = path.join(dir, name);
    return [{ file, publisher: m[1], kind: m[2] as Track["kind"], size: fs.statSync(file).size }];
  });
}

async function codecOf(mjr: string): Promise<string> {
  const json = await run("janus-pp-rec", ["-j", mjr], 60_000);
  const start = json.indexOf("{");
  try {
    const header = JSON.parse(json.slice(start)) as { c?: unknown };
    return typeof header.c === "string" ? header.c.toLowerCase() : "";
  } catch {
    throw new ToolFailed(`janus-pp-rec found no header in ${path.basename(mjr)}`);
  }
}

/** The file's duration in seconds, as ffprobe reads it from the container. */
export async function probeDuration(file: string): Promise<number> {
  const out = await run("ffprobe", [
    "-v",
    "error",
    "-show_entries",
    "format=duration",
    "-of",
    "default=noprint_wrappers=1:nokey=1",
    file,
  ]);
  const seconds = Number(out.trim());
  if (!Number.isFinite(seconds)) throw new ToolFailed(`ffprobe read no duration from ${path.basename(file)}`);
  return seconds;
}

/** Where janus-pp-rec writes a stream of `codec` (its output container follows the extension). */
const ppOutput = (codec: string, kind: Track["kind"]): string =>
  kind === "audio"
    ? codec === "opus"
      ? "audio.opus"
      : "audio.mka"
    : codec === "h264"
      ? "video.mp4"
      : codec === "vp8" || codec === "vp9"
        ? "video.webm"
        : "video.mkv";

/** ffmpeg's video options: H.264 is copied; anything else is encoded to H.264 (docs/decisions/1246). */
export function videoCodecArgs(codec: string): string[] {
  if (codec === "h264") return ["-c:v", "copy"];
  return [
    ...["-c:v", "libx264", "-preset", "veryfast", "-crf", "23", "-pix_fmt", "yuv420p"],
    // A keyframe every 2 s, so the HLS rendition has 2-to-6-second segments to seek by.
    ...["-force_key_frames", "expr:gte(t,n_forced*2)"],
  ];
}

/** The HLS VOD of an MP4 (copied streams), into `<dir>/index.m3u8` and `<dir>/index.m4s`. */
export async function makeHls(mp4: string, dir: string): Promise<MadeFile["hls"]> {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  await run("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-i", mp4, "-c", "copy"],
    ...["-f", "hls", "-hls_time", "6", "-hls_playlist_type", "vod"],
    ...["-hls_segment_type", "fmp4", "-hls_flags", "single_file"],
    path.join(dir, "index.m3u8"),
  ]);
  return ["index.m3u8", "index.m4s"].map((name) => {
    const file = path.join(dir, name);
    if (!fs.existsSync(file)) throw new ToolFailed(`ffmpeg made no ${name} for the HLS rendition`);
    return { name: `hls/${name}`, file, sizeBytes: fs.statSync(file).size };
  });
}

/** Converts and muxes; throws ToolFailed (the recording then fails with its message) on bad input. */
export async function makeRecordingFile(dir: string, workDir: string): Promise<MadeFile> {
  const tracks = tracksIn(dir);
  const video = tracks.filter((t) => t.kind === "video").sort((a, b) => b.size - a.size)[0];
  if (!video) {
    throw new ToolFailed(
      tracks.length === 0
        ? "nothing was published while the room was recorded"
        : "no video was published while the room was recorded",
    );
  }
  const audio = tracks
    .filter((t) => t.kind === "audio" && t.publisher === video.publisher)
    .sort((a, b) => b.size - a.size)[0];
  fs.rmSync(workDir, { recursive: true, force: true });
  fs.mkdirSync(workDir, { recursive: true });

  const vcodec = await codecOf(video.file);
  const vOut = path.join(workDir, ppOutput(vcodec, "video"));
  await run("janus-pp-rec", [video.file, vOut]);
  const inputs = ["-i", vOut];
  const codecs = videoCodecArgs(vcodec);
  if (audio) {
    const acodec = await codecOf(audio.file);
    const aOut = path.join(workDir, ppOutput(acodec, "audio"));
    await run("janus-pp-rec", [audio.file, aOut]);
    inputs.push("-i", aOut);
    codecs.push("-c:a", "aac", "-b:a", "96k");
  }
  const out = path.join(workDir, "recording.mp4");
  await run("ffmpeg", [
    "-hide_banner",
    "-loglevel",
    "error",
    "-y",
    ...inputs,
    "-map",
    "0:v:0",
    ...(audio ? ["-map", "1:a:0"] : []),
    ...codecs,
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    out,
  ]);
  const durationSec = Math.round(await probeDuration(out));
  const hls = await makeHls(out, path.join(workDir, "hls"));
  return { file: out, sizeBytes: fs.statSync(out).size, durationSec, hls };
}
