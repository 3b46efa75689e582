import { MEDIA_PLANE_SETTINGS } from "@/lib/env-media";
import type { MediaDriverRegistration } from "@/lib/media/driver-registration";
import { authenticateJanusEvents } from "./authenticate-janus-events";
import { janusDriver } from "./driver";
import { janusEventsBody, observeJanusEvent } from "./janus-events";

/** Janus (docs/media-plane.md): VideoRoom rooms on one or more nodes, events from its HTTP event handler. */
export const janusRegistration = {
  provider: "janus" as const,
  capabilities: {
    enforcesPublisherLimit: true,
    refusesViewerPublishing: false,
    reportsQuality: true,
    opensRoomsOnJoin: false,
    records: "on the node (recording agent uploads)",
  },

  checkSettings: MEDIA_PLANE_SETTINGS.janus.check,

  build(e) {
    if (!e.JANUS_URL || !e.JANUS_PUBLIC_URL || !e.JANUS_TOKEN_SECRET) return undefined;
    return janusDriver({
      urls: e.JANUS_URL,
      publicUrls: e.JANUS_PUBLIC_URL,
      tokenSecret: e.JANUS_TOKEN_SECRET,
      ...(e.JANUS_RECORDINGS_DIR ? { recordingsDir: e.JANUS_RECORDINGS_DIR } : {}),
      ...(e.JANUS_STREAMER_URL ? { streamerUrls: e.JANUS_STREAMER_URL } : {}),
      ...(e.SVC_RECORDER_SECRET ? { agentSecret: e.SVC_RECORDER_SECRET } : {}),
    });
  },

  connectSources(e) {
    const origins = new Set<string>();
    for (const url of e.JANUS_PUBLIC_URL ?? []) {
      const u = new URL(url);
      origins.add(`${u.protocol}//${u.host}`);
    }
    return [...origins];
  },

  events: {
    path: "/v1/internal/media/janus",
    auth: "media_events",
    authenticate: authenticateJanusEvents,
    async parse(req, _sender, e) {
      // An object or an array (Janus groups events): parsed here rather than as an object body.
      // (lib/http/request reads env: imported when called, as the env module reads this table.)
      const { parseWith, readJson } = await import("@/lib/http/request");
      const body = parseWith(janusEventsBody, await readJson(req));
      const events = Array.isArray(body) ? body : [body];
      const secret = e.JANUS_TOKEN_SECRET ?? "";
      return { received: events.length, observations: events.flatMap((ev) => observeJanusEvent(ev, secret)) };
    },
  },
} satisfies MediaDriverRegistration;
