import { defineRoute } from "@/lib/routes/contract";

export const getAudiencePlaylistContract = defineRoute({
  method: "GET",
  path: "/v1/join/{shortCode}/stream.m3u8",
  operationId: "getAudiencePlaylist",
  summary: "What a share link's audience watches (extension)",
  description:
    "Public, as the share link is: the HLS playlist of the newest live stream of a `live` or `webinar` room, with segment links presigned for 5 minutes (docs/streaming.md). The share-link page plays it with hls.js instead of joining by WebRTC. 404 when the room is not streaming HLS, and for unknown codes.",
  tag: "Streams",
  auth: "none",
  responses: {
    200: {
      description: "An application/vnd.apple.mpegurl playlist",
      stream: "application/vnd.apple.mpegurl",
    },
  },
  errors: ["not_found"],
});
