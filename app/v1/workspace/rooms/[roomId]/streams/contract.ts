import { defineRoute } from "@/lib/routes/contract";
import { startStreamBody, streamSchema } from "@/lib/streams/stream-schema";
import { itemsOnly } from "@/lib/wire";

export const listStreamsContract = defineRoute({
  method: "GET",
  path: "/v1/workspace/rooms/{roomId}/streams",
  operationId: "listStreams",
  summary: "List a room's live streams (extension)",
  description:
    "Newest first, at most 100. RTMP outputs show their URL, never their stream key. Owner, Admin and Developer (docs/streaming.md).",
  tag: "Streams",
  auth: "session",
  permission: "streams:manage",
  responses: { 200: { description: "OK", schema: itemsOnly(streamSchema) } },
  errors: ["not_found"],
});

export const startStreamContract = defineRoute({
  method: "POST",
  path: "/v1/workspace/rooms/{roomId}/streams",
  operationId: "startStream",
  summary: "Start a live stream of a room (extension)",
  description:
    'Outputs: `{ "kind": "hls" }` (segments in the service\'s storage, played from the stream\'s `playlist_url` and the share link of a `live` room) and `{ "kind": "rtmp", "url": "rtmp://…", "stream_key": "…" }` (the key is stored encrypted and never returned). 201 in state `starting`; `stream.started` follows when the media plane sends. 409 `conflict` when nobody publishes yet, the room is already streaming or has no media plane; 409 `room_ended`; 422 for an unknown output kind or a bad URL; 503 when the media node does not answer (docs/streaming.md).',
  tag: "Streams",
  auth: "session",
  permission: "streams:manage",
  planGate: true,
  body: startStreamBody,
  responses: { 201: { description: "Stream requested", schema: streamSchema } },
  errors: ["not_found", "conflict", "room_ended", "service_unavailable"],
  idempotent: true,
});
