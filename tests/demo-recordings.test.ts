import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type DemoClip, demoClip } from "@/lib/seed/demo-recording";

/**
 * The demo data's recordings are real, playable files (docs/recordings.md), as the recording agent
 * stores them: an MP4 (H.264 and AAC) and its HLS rendition, made with ffmpeg at seed time, or the
 * committed ones; both hold video and audio whose length is the `duration_sec` the seed stores.
 */
// ffprobe comes with Debian's ffmpeg, which .ci/run installs; on a machine without it these checks
// cannot read the files and are skipped.
const ffprobe = !spawnSync("ffprobe", ["-version"], { stdio: "ignore" }).error;

interface Probe {
  streams: { codec_type: string; codec_name: string }[];
  format: { duration: string; format_name: string };
}

function probe(files: { name: string; body: Uint8Array }[], entry: string): Probe {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-probe-"));
  try {
    for (const f of files) {
      fs.mkdirSync(path.dirname(path.join(dir, f.name)), { recursive: true });
      fs.writeFileSync(path.join(dir, f.name), f.body);
    }
    const out = spawnSync(
      "ffprobe",
      [
        ...["-v", "error", "-show_entries", "stream=codec_type,codec_name:format=duration,format_name"],
        ...["-of", "json", path.join(dir, entry)],
      ],
      { encoding: "utf8" },
    );
    return JSON.parse(out.stdout) as Probe;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function expectRecording(clip: DemoClip) {
  const mp4 = probe([{ name: "recording.mp4", body: clip.body }], "recording.mp4");
  expect(mp4.format.format_name).toMatch(/mp4/);
  expect(mp4.streams.map((s) => `${s.codec_type}:${s.codec_name}`).sort()).toEqual([
    "audio:aac",
    "video:h264",
  ]);
  expect(Math.abs(Number(mp4.format.duration) - clip.durationSec)).toBeLessThanOrEqual(1);
  // The HLS rendition: a VOD playlist over fragmented MP4 that ffprobe plays through.
  const playlist = Buffer.from(clip.hls.find((f) => f.name === "hls/index.m3u8")?.body ?? []).toString();
  expect(playlist).toMatch(/^#EXTM3U/);
  expect(playlist).toMatch(/#EXT-X-PLAYLIST-TYPE:VOD/);
  expect(playlist).toMatch(/#EXT-X-ENDLIST/);
  const hls = probe(clip.hls, "hls/index.m3u8");
  expect(hls.streams.map((s) => s.codec_type).sort()).toEqual(["audio", "video"]);
  expect(Math.abs(Number(hls.format.duration) - clip.durationSec)).toBeLessThanOrEqual(1);
}

describe.skipIf(!ffprobe)("demo recordings", () => {
  it("are made with ffmpeg's test sources: an MP4 and its HLS, video and audio of the stated length", () => {
    expectRecording(demoClip(3));
  });

  it("fall back to the committed files, which are as real", () => {
    const dir = path.join("lib", "seed");
    expectRecording({
      body: fs.readFileSync(path.join(dir, "demo-recording.mp4")),
      durationSec: 5,
      contentType: "video/mp4",
      hls: ["index.m3u8", "index.m4s"].map((n) => ({
        name: `hls/${n}`,
        body: fs.readFileSync(path.join(dir, "demo-hls", n)),
        contentType: "",
      })),
    });
  });
});
