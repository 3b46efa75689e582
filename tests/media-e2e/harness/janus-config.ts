import fs from "node:fs";
import path from "node:path";
import { MEDIA_INTERFACE } from "./namespace";

/**
 * A private Janus configuration for the namespace test. Settings follow
 * /work/shared/notes/janus.md: ICE only on the veth, no STUN, no mDNS, signed tokens, the sample
 * HTTP event handler posting arrays to the service. Ports are fixed: the namespace is private, so
 * nothing else can hold them.
 */

export const JANUS_PORTS = { http: 8088, admin: 7088, ws: 8188 } as const;
const MODULES = "/usr/lib/x86_64-linux-gnu/janus";

export interface JanusTestConfig {
  dir: string;
  tokenSecret: string;
  adminSecret: string;
  eventsUser: string;
  eventsPassword: string;
  /** Where the event handler posts (inside the namespace). */
  eventsUrl: string;
}

export function writeJanusConfig(c: JanusTestConfig): string {
  fs.mkdirSync(c.dir, { recursive: true });
  const files: Record<string, string> = {
    "janus.jcfg": `general: {
  configs_folder = "${c.dir}"
  plugins_folder = "${MODULES}/plugins"
  transports_folder = "${MODULES}/transports"
  events_folder = "${MODULES}/events"
  loggers_folder = "${MODULES}/loggers"
  debug_level = 4
  admin_secret = "${c.adminSecret}"
  token_auth = true
  token_auth_secret = "${c.tokenSecret}"
  session_timeout = 60
}
media: { ipv6 = false, rtp_port_range = "20000-20200" }
nat: { ice_enforce_list = "${MEDIA_INTERFACE}", ignore_mdns = true }
plugins: { disable = "libjanus_audiobridge.so,libjanus_duktape.so,libjanus_echotest.so,libjanus_lua.so,libjanus_nosip.so,libjanus_recordplay.so,libjanus_sip.so,libjanus_streaming.so,libjanus_textroom.so,libjanus_videocall.so,libjanus_voicemail.so" }
transports: { disable = "libjanus_mqtt.so,libjanus_nanomsg.so,libjanus_pfunix.so,libjanus_rabbitmq.so" }
loggers: { disable = "libjanus_jsonlog.so" }
events: { broadcast = true, stats_period = 5, disable = "libjanus_gelfevh.so,libjanus_mqttevh.so,libjanus_nanomsgevh.so,libjanus_rabbitmqevh.so,libjanus_wsevh.so" }
`,
    "janus.transport.http.jcfg": `general: { json = "compact", base_path = "/janus", http = true, port = ${JANUS_PORTS.http}, ip = "127.0.0.1", https = false }
admin: { admin_base_path = "/admin", admin_http = true, admin_port = ${JANUS_PORTS.admin}, admin_ip = "127.0.0.1", admin_https = false }
`,
    "janus.transport.websockets.jcfg": `general: { json = "compact", ws = true, ws_port = ${JANUS_PORTS.ws}, ws_ip = "127.0.0.1", wss = false }
admin: { admin_ws = false, admin_wss = false }
`,
    "janus.plugin.videoroom.jcfg": `general: { }
`,
    "janus.eventhandler.sampleevh.jcfg": `general: {
  enabled = true
  events = "all"
  grouping = true
  json = "compact"
  backend = "${c.eventsUrl}"
  backend_user = "${c.eventsUser}"
  backend_pwd = "${c.eventsPassword}"
  max_retransmissions = 5
  retransmissions_backoff = 100
}
`,
  };
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(c.dir, name), text);
  return path.join(c.dir, "janus.jcfg");
}
