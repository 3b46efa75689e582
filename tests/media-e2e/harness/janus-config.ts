import fs from "node:fs";
import path from "node:path";
import { renderJanusConfig } from "@/lib/media/janus/render-config";
import { MEDIA_INTERFACE } from "./namespace";

/**
 * Janus's configuration for the namespace test: the service's own generator
 * (lib/media/janus/render-config.ts, what `npm run media:janus` and operators use), with ICE on
 * the veth only and the ports below. Ports are fixed: the namespace is private, so nothing else
 * can hold them.
 */

export const JANUS_PORTS = { http: 8088, ws: 8188 } as const;

export function writeJanusConfig(c: {
  dir: string;
  tokenSecret: string;
  eventsSecret: string;
  eventsUrl: string;
  /** A second node in the same namespace needs its own ports and RTP range (docs/media-plane.md). */
  ports?: { http: number; ws: number };
  rtpPortRange?: string;
  serverName?: string;
}): string {
  fs.mkdirSync(c.dir, { recursive: true });
  const files = renderJanusConfig(
    {
      tokenSecret: c.tokenSecret,
      eventsUrl: c.eventsUrl,
      eventsSecret: c.eventsSecret,
      serverName: c.serverName ?? "media-e2e",
      http: { ip: "127.0.0.1", port: (c.ports ?? JANUS_PORTS).http },
      websockets: { ip: "127.0.0.1", port: (c.ports ?? JANUS_PORTS).ws },
      rtpPortRange: c.rtpPortRange ?? "20000-20200",
      iceEnforceList: MEDIA_INTERFACE,
      statsPeriod: 5,
    },
    c.dir,
  );
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(c.dir, name), text);
  return path.join(c.dir, "janus.jcfg");
}
