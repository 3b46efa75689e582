import { defineRoute } from "@/lib/routes/contract";

export const getStreamPlaylistContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms/{roomId}/streams/{streamId}/playlist.m3u8",
  operationId: "getStreamPlaylist",
  summary: "A live stream's HLS playlist (extension)",
  description:
    "The stream's live playlist (MPEG-TS segments, H.264 and AAC) whose segment links are presigned GETs of storage, valid 5 minutes: fetch it again as players do. It ends with `#EXT-X-ENDLIST` once the stream stopped. The service serves no segment bytes (docs/streaming.md). 404 before the first segment, for a stream without HLS, and for another org's stream.",
  tag: "Streams",
  auth: "session",
  permission: "streams:manage",
  responses: {
    200: {
      description: "An application/vnd.apple.mpegurl playlist",
      stream: "application/vnd.apple.mpegurl",
    },
  },
  errors: ["not_found"],
});
