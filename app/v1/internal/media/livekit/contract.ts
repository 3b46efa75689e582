import { livekitWebhookAnswer, livekitWebhookBody } from "@/lib/media/livekit/livekit-webhook-schema";
import { defineRoute } from "@/lib/routes/contract";

export const livekitWebhookContract = defineRoute({
  method: "POST",
  path: "/v1/internal/media/livekit",
  operationId: "ingestLivekitWebhook",
  summary: "LiveKit webhooks (internal)",
  description:
    "LiveKit's server posts its webhooks here (`webhook.urls` in its config, signed with `LIVEKIT_API_KEY`): each is verified with LiveKit's WebhookReceiver (the JWT in `Authorization`, the `sha256` claim over the raw body, at most five minutes old; 401 otherwise) and applied once per event `id`. Joins and leaves move rooms and emit `participant.left` and `room.ended`; egresses complete or fail recordings (docs/media-plane-livekit.md).",
  tag: "Internal",
  auth: "media_webhook",
  body: livekitWebhookBody,
  responses: { 200: { description: "Accepted", schema: livekitWebhookAnswer } },
  errors: [],
});
