/**
 * What the streamer agent runs per output (issue 45, docs/streaming.md, docs/decisions/1330): an
 * SDP that describes the RTP the VideoRoom forwards (Opus at payload type 111, H.264 at 96: the
 * driver fixes both in `rtp_forward`), and ffmpeg reading it. Video is copied (no transcode: the
 * room's H.264 goes out as it came), audio becomes AAC (HLS and FLV carry no Opus).
 */

export type AgentOutput = { kind: "hls" } | { kind: "rtmp"; url: string; stream_key: string };

export const AUDIO_PT = 111;
export const VIDEO_PT = 96;

export function sdpFor(host: string, audioPort: number, videoPort: number): string {
  return [
    "v=0",
    `o=- 0 0 IN IP4 ${host}`,
    "s=svc stream",
    `c=IN IP4 ${host}`,
    "t=0 0",
    `m=audio ${audioPort} RTP/AVP ${AUDIO_PT}`,
    `a=rtpmap:${AUDIO_PT} opus/48000/2`,
    `m=video ${videoPort} RTP/AVP ${VIDEO_PT}`,
    `a=rtpmap:${VIDEO_PT} H264/90000`,
    `a=fmtp:${VIDEO_PT} packetization-mode=1`,
    "",
  ].join("\n");
}

/** The RTMP address ffmpeg pushes to: the destination and the key as one path segment. */
export const rtmpTarget = (o: { url: string; stream_key: string }): string =>
  `${o.url.replace(/\/+$/, "")}/${o.stream_key}`;

/** ffmpeg's arguments for one output (the SDP file is read with udp/rtp allowed, nothing else). */
export function ffmpegArgs(sdpFile: string, output: AgentOutput, hlsDir: string): string[] {
  const input = [
    "-hide_banner",
    "-loglevel",
    "error",
    "-nostats",
    "-progress",
    "pipe:1",
    "-protocol_whitelist",
    "file,udp,rtp",
    // RTP gives no container timestamps to trust at start; a little reordering room.
    "-fflags",
    "+genpts",
    "-reorder_queue_size",
    "64",
    "-i",
    sdpFile,
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    "-c:v",
    "copy",
    "-c:a",
    "aac",
    "-b:a",
    "128k",
    "-ar",
    "48000",
  ];
  if (output.kind === "hls") {
    return [
      ...input,
      "-f",
      "hls",
      // Cut at the keyframes the room asks for every 2 s in `live` rooms (lib/media/janus/driver.ts).
      "-hls_time",
      "2",
      "-hls_list_size",
      "0",
      "-hls_flags",
      // program_date_time: players (hls.js `playingDate`) can tell how far behind live they are.
      "independent_segments+temp_file+program_date_time",
      "-hls_segment_filename",
      `${hlsDir}/seg_%05d.ts`,
      `${hlsDir}/index.m3u8`,
    ];
  }
  return [...input, "-f", "flv", "-flvflags", "no_duration_filesize", rtmpTarget(output)];
}

/** Text for logs and reports with every secret replaced (ffmpeg prints the URL it pushes to). */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s) out = out.split(s).join("***");
  return out;
}
