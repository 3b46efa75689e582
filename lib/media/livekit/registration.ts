import { MEDIA_PLANE_SETTINGS } from "@/lib/env-media";
import type { MediaDriverRegistration } from "@/lib/media/driver-registration";
import { livekitDriver } from "./driver";
import { type LivekitWebhookAuth, livekitWebhookAuth } from "./receive-livekit-webhook";

/** LiveKit (docs/media-plane-livekit.md): one deployment at LIVEKIT_URL, events as signed webhooks. */
export const livekitRegistration = {
  provider: "livekit" as const,
  capabilities: {
    enforcesPublisherLimit: false,
    refusesViewerPublishing: true,
    reportsQuality: false,
    opensRoomsOnJoin: true,
    records: "S3 (the plane uploads)",
  },

  checkSettings: MEDIA_PLANE_SETTINGS.livekit.check,

  build(e, services) {
    if (!e.LIVEKIT_URL || !e.LIVEKIT_API_KEY || !e.LIVEKIT_API_SECRET) return undefined;
    return livekitDriver({
      url: e.LIVEKIT_URL,
      apiKey: e.LIVEKIT_API_KEY,
      apiSecret: e.LIVEKIT_API_SECRET,
      storage: services.storage,
    });
  },

  // livekit-client signals over WebSocket and checks a failed connection over HTTP (`/rtc/validate`).
  connectSources(e) {
    if (!e.LIVEKIT_URL) return [];
    const u = new URL(e.LIVEKIT_URL);
    const secure = u.protocol === "wss:" || u.protocol === "https:";
    return [`${secure ? "wss" : "ws"}://${u.host}`, `${secure ? "https" : "http"}://${u.host}`];
  },

  events: {
    path: "/v1/internal/media/livekit",
    auth: "media_webhook",
    authenticate: livekitWebhookAuth,
    async parse(req, sender) {
      // The signature covers the raw bytes: read as sent, verified before anything parses them.
      const { readBodyBytes, utf8 } = await import("@/lib/http/request");
      const { receiveLivekitWebhook } = await import("./receive-livekit-webhook");
      const { observeLivekitEvent } = await import("./livekit-events");
      const event = await receiveLivekitWebhook(
        sender as LivekitWebhookAuth,
        utf8.decode(await readBodyBytes(req)),
      );
      const { observations, reports, streamReports } = observeLivekitEvent(event);
      return {
        received: 1,
        event: event.event,
        observations,
        reports,
        ...(streamReports ? { streamReports } : {}),
      };
    },
  },
} satisfies MediaDriverRegistration;
