import { defineRoute } from "@/lib/routes/contract";

export const getRecordingPlaylistContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/recordings/{id}/playlist.m3u8",
  operationId: "getRecordingPlaylist",
  summary: "A recording's HLS playlist (extension)",
  description:
    "The recording's HLS rendition (fragmented MP4, H.264 and AAC) as a VOD playlist whose media links are presigned GETs of storage, valid long enough to watch the recording (docs/decisions/1247). Play it with hls.js, or natively in Safari; the service serves no segment bytes. 404 until `recording.ready` (the MP4 downloads from `completed` on), and for another org's recording.",
  tag: "Recordings",
  auth: "session",
  permission: "recordings:download",
  responses: {
    200: {
      description: "An application/vnd.apple.mpegurl playlist",
      stream: "application/vnd.apple.mpegurl",
    },
  },
  errors: ["not_found"],
});
