/**
 * `npm run media:janus`: a local Janus for development, configured from the service's settings
 * (docs/media-plane.md). Writes the generated config to a private dir and runs
 * `janus -F <dir> -C <dir>/janus.jcfg` in the foreground; Ctrl-C stops it.
 *
 *   npm run media:janus                      # dev defaults; prints the lines for .env.local
 *   npm run media:janus -- --ice-enforce-list v0 --rtp-port-range 20000-20200
 *   npm run media:janus -- --node 2          # the second node of JANUS_URL
 *   npm run media:janus -- --write-only      # write the config, print its dir, do not start
 *   npm run media:janus -- --turn            # also a local coturn (TURN relay, use-auth-secret)
 *   npm run media:janus -- --turn --turn-ip 127.0.0.1 --turn-port 3478 --turn-relay-ports 49160-49200
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

// The settings `npm run dev` reads (Next loads .env.local itself; this script does the same).
if (fs.existsSync(".env.local")) process.loadEnvFile(".env.local");
const { env } = await import("@/lib/env");
const { renderJanusConfig } = await import("@/lib/media/janus/render-config");
const { nodeEventsSecret } = await import("@/lib/media/janus/credential");

const { values: args } = parseArgs({
  options: {
    dir: { type: "string" },
    node: { type: "string", default: "1" },
    "ice-enforce-list": { type: "string" },
    "rtp-port-range": { type: "string", default: "20000-20200" },
    "ws-port": { type: "string" },
    "recordings-dir": { type: "string" },
    "write-only": { type: "boolean", default: false },
    turn: { type: "boolean", default: false },
    "turn-ip": { type: "string" },
    "turn-port": { type: "string", default: "3478" },
    "turn-relay-ports": { type: "string", default: "49160-49200" },
  },
});

const dir = path.resolve(args.dir ?? path.join(env.SVC_DATA_DIR, "janus"));
fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

/** The node to run: from JANUS_URL / JANUS_PUBLIC_URL when configured, else development defaults. */
function settings() {
  if (
    env.SVC_MEDIA_PLANE === "janus" &&
    env.JANUS_URL &&
    env.JANUS_PUBLIC_URL &&
    env.JANUS_TOKEN_SECRET &&
    env.JANUS_EVENTS_SECRET
  ) {
    const i = Number(args.node) - 1;
    const api = env.JANUS_URL[i];
    const pub = env.JANUS_PUBLIC_URL[i];
    if (!api || !pub) throw new Error(`--node ${args.node}: JANUS_URL lists ${env.JANUS_URL.length} nodes`);
    return {
      api: new URL(api),
      pub: new URL(pub),
      tokenSecret: env.JANUS_TOKEN_SECRET,
      eventsSecret: env.JANUS_EVENTS_SECRET,
      node: api,
      configured: true,
    };
  }
  // Development secrets, kept with the config so restarts keep them.
  const file = path.join(dir, "dev-secrets.json");
  const saved = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>)
    : {};
  const tokenSecret = saved.tokenSecret ?? randomBytes(24).toString("hex");
  const eventsSecret = saved.eventsSecret ?? randomBytes(24).toString("hex");
  fs.writeFileSync(file, JSON.stringify({ tokenSecret, eventsSecret }), { mode: 0o600 });
  return {
    api: new URL("http://127.0.0.1:8088/janus"),
    pub: new URL("ws://127.0.0.1:8188"),
    tokenSecret,
    eventsSecret,
    node: "http://127.0.0.1:8088/janus",
    configured: false,
  };
}

const s = settings();
const port = (u: URL, fallback: number) => Number(u.port || fallback);
const files = renderJanusConfig(
  {
    tokenSecret: s.tokenSecret,
    eventsUrl: `${env.baseUrl}/v1/internal/media/janus`,
    // The node's own events credential (docs/decisions/1215), never JANUS_EVENTS_SECRET itself.
    eventsSecret: nodeEventsSecret(s.eventsSecret, s.node),
    serverName: `svc-janus-${args.node}`,
    http: { ip: s.api.hostname, port: port(s.api, 8088) },
    ...(s.pub.protocol.startsWith("ws")
      ? { websockets: { ip: s.api.hostname, port: Number(args["ws-port"] ?? port(s.pub, 8188)) } }
      : {}),
    rtpPortRange: args["rtp-port-range"],
    ...(args["ice-enforce-list"] ? { iceEnforceList: args["ice-enforce-list"] } : {}),
    ...(args["recordings-dir"] ? { recordingsDir: path.resolve(args["recordings-dir"]) } : {}),
  },
  dir,
);
for (const [name, text] of Object.entries(files))
  fs.writeFileSync(path.join(dir, name), text, { mode: 0o600 });

if (!s.configured) {
  console.log(`No Janus settings found: development defaults. Put these in .env.local and restart \`npm run dev\`:

SVC_MEDIA_PLANE=janus
JANUS_URL=${s.api.href.replace(/\/$/, "")}
JANUS_PUBLIC_URL=${s.pub.href.replace(/\/$/, "")}
JANUS_TOKEN_SECRET=${s.tokenSecret}
JANUS_EVENTS_SECRET=${s.eventsSecret}
`);
}
console.log(`Janus config written to ${dir}`);
if (args["write-only"]) process.exit(0);

if (spawnSync("janus", ["-V"], { stdio: "ignore" }).error) {
  console.error(`\`janus\` is not installed. On Debian or Ubuntu:

  sudo apt-get install janus janus-tools libjs-janus-gateway libjs-webrtc-adapter

(docs/media-plane.md has other systems and newer versions.)`);
  process.exit(1);
}

/**
 * A local coturn (docs/media-plane.md, "TURN"; docs/decisions/1248): the TURN REST API scheme
 * (`use-auth-secret`), so the service's time-limited credentials work with it. The secret is
 * SVC_TURN_SECRET, or a development one kept with the config.
 */
function startTurn() {
  if (spawnSync("turnserver", ["--version"], { stdio: "ignore" }).error) {
    console.error("`turnserver` is not installed. On Debian or Ubuntu: sudo apt-get install coturn");
    process.exit(1);
  }
  const file = path.join(dir, "dev-turn-secret");
  const secret =
    env.SVC_TURN_SECRET ??
    (fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : randomBytes(24).toString("hex"));
  if (!env.SVC_TURN_SECRET) fs.writeFileSync(file, secret, { mode: 0o600 });
  const ip = args["turn-ip"] ?? s.api.hostname;
  const [minPort, maxPort] = (args["turn-relay-ports"] ?? "").split("-");
  const conf = [
    `listening-ip=${ip}`,
    `relay-ip=${ip}`,
    `listening-port=${args["turn-port"]}`,
    `min-port=${minPort}`,
    `max-port=${maxPort}`,
    "use-auth-secret",
    `static-auth-secret=${secret}`,
    "realm=svc.local",
    "fingerprint",
    "no-tls",
    "no-dtls",
    "no-cli",
    "no-multicast-peers",
    "log-file=stdout",
    `pidfile=${path.join(dir, "turnserver.pid")}`,
    `userdb=${path.join(dir, "turndb")}`,
    "",
  ].join("\n");
  const confFile = path.join(dir, "turnserver.conf");
  fs.writeFileSync(confFile, conf, { mode: 0o600 });
  if (!env.SVC_TURN_SECRET || !env.SVC_TURN_URLS) {
    console.log(`TURN: add these to .env.local too:

SVC_TURN_URLS=turn:${ip}:${args["turn-port"]}?transport=udp,turn:${ip}:${args["turn-port"]}?transport=tcp
SVC_TURN_SECRET=${secret}
`);
  }
  return spawn("turnserver", ["-c", confFile], { stdio: "inherit" });
}

const turn = args.turn ? startTurn() : undefined;
const janus = spawn("janus", ["-F", dir, "-C", path.join(dir, "janus.jcfg")], { stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    janus.kill(signal);
    turn?.kill(signal);
  });
janus.on("exit", (code, signal) => {
  turn?.kill("SIGTERM");
  process.exit(code ?? (signal ? 1 : 0));
});
