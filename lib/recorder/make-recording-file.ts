import fs from "node:fs";
import path from "node:path";
import { run, ToolFailed } from "@/lib/recorder/tools";

/**
 * One recording folder's `.mjr` files (`videoroom-<room>-user-<id>-<ts>-<audio|video>-<mindex>.mjr`,
 * docs/janus-facts.md) made into one WebM (docs/decisions/1081): the publisher whose video file is
 * largest (the one seen longest) is the recording, with its own audio. VP8/VP9 video and Opus audio
 * are copied as the browser sent them; another codec (H.264, G.711) is transcoded to fit WebM.
 */

export interface MadeFile {
  file: string;
  sizeBytes: number;
  durationSec: number;
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
  const vOut = path.join(workDir, vcodec === "vp8" || vcodec === "vp9" ? "video.webm" : "video.mkv");
  await run("janus-pp-rec", [video.file, vOut]);
  const inputs = ["-i", vOut];
  const codecs = ["-c:v", vcodec === "vp8" || vcodec === "vp9" ? "copy" : "libvpx"];
  if (audio) {
    const acodec = await codecOf(audio.file);
    const aOut = path.join(workDir, acodec === "opus" ? "audio.opus" : "audio.mka");
    await run("janus-pp-rec", [audio.file, aOut]);
    inputs.push("-i", aOut);
    codecs.push("-c:a", acodec === "opus" ? "copy" : "libopus");
  }
  const out = path.join(workDir, "recording.webm");
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
    "-f",
    "webm",
    out,
  ]);
  const durationSec = Math.round(await probeDuration(out));
  return { file: out, sizeBytes: fs.statSync(out).size, durationSec };
}
