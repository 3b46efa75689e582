import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { nodeEventsSecret } from "@/lib/media/janus/credential";
import { type JanusConfigOptions, renderJanusConfig } from "@/lib/media/janus/render-config";
import { stopped, until } from "./wait";

/**
 * Whether Debian's `janus` is installed (CI installs it; tests skip with a message without it).
 * `janus -V` prints the version and exits 1 (1.1.2), so only a missing binary counts.
 */
export const janusInstalled = !spawnSync("janus", ["-V"], { stdio: "ignore" }).error;

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface RunningJanus {
  /** The HTTP API (a JANUS_URL entry). */
  url: string;
  pid: number;
  dir: string;
  /** Output so far (a failing test prints it). */
  output: () => string;
  stop(): Promise<void>;
  /** Stops and starts it again on the same ports: everything it held is gone. */
  restart(): Promise<void>;
  /** Kills it (SIGKILL), keeping its config: `up()` starts it again on the same ports. */
  down(): Promise<void>;
  up(): Promise<void>;
}

/**
 * A real Janus with the generated config (lib/media/janus/render-config.ts) in its own temp dir,
 * on free ports of 127.0.0.1: the HTTP API works on loopback; only ICE would need a namespace.
 */
export async function startJanus(
  opts: Pick<JanusConfigOptions, "tokenSecret" | "eventsUrl" | "eventsSecret"> & { name?: string },
): Promise<RunningJanus> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-janus-"));
  const port = await freePort();
  const rtp = 20_000 + Math.floor(Math.random() * 400) * 100;
  const url = `http://127.0.0.1:${port}/janus`;
  const files = renderJanusConfig(
    {
      ...opts,
      // The node's own events credential, derived from the service's JANUS_EVENTS_SECRET.
      eventsSecret: nodeEventsSecret(opts.eventsSecret, url),
      serverName: opts.name ?? `test-${port}`,
      http: { ip: "127.0.0.1", port },
      rtpPortRange: `${rtp}-${rtp + 99}`,
      statsPeriod: 1,
      debugLevel: 3,
    },
    dir,
  );
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
  let child: ChildProcess | undefined;
  let out = "";

  async function start(): Promise<void> {
    const c = spawn("janus", ["-F", dir, "-C", path.join(dir, "janus.jcfg")], {
      stdio: ["ignore", "pipe", "pipe"],
    });
    child = c;
    c.stdout?.on("data", (d: Buffer) => {
      out = (out + d.toString()).slice(-20_000);
    });
    c.stderr?.on("data", (d: Buffer) => {
      out = (out + d.toString()).slice(-20_000);
    });
    await until(
      "Janus to answer /info",
      async () => {
        if (c.exitCode !== null) throw new Error(`janus exited ${c.exitCode}:\n${out}`);
        try {
          return (await fetch(`${url}/info`, { signal: AbortSignal.timeout(1000) })).ok;
        } catch {
          return false;
        }
      },
      20_000,
    );
  }
  async function stop(): Promise<void> {
    if (child) await stopped(child, "SIGKILL");
    child = undefined;
  }
  await start();
  return {
    url,
    get pid() {
      return child?.pid ?? -1;
    },
    dir,
    output: () => out,
    stop: async () => {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    restart: async () => {
      await stop();
      await start();
    },
    down: stop,
    up: start,
  };
}

type Json = Record<string, unknown>;

/** A client of the Janus HTTP API, as a browser's janus.js would talk to it (no media). */
export class JanusTestClient {
  session = 0;
  handle = 0;
  constructor(
    readonly url: string,
    readonly token: string,
  ) {}

  private async post(pathname: string, body: Json): Promise<Json> {
    const res = await fetch(`${this.url}${pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, token: this.token, transaction: Math.random().toString(36).slice(2) }),
    });
    return (await res.json()) as Json;
  }

  /** Creates a session and attaches the VideoRoom; returns Janus's error code, or 0. */
  async attach(): Promise<number> {
    const created = await this.post("", { janus: "create" });
    if (created.janus === "error") return Number((created.error as Json).code);
    this.session = Number((created.data as Json).id);
    const attached = await this.post(`/${this.session}`, {
      janus: "attach",
      plugin: "janus.plugin.videoroom",
    });
    if (attached.janus === "error") return Number((attached.error as Json).code);
    this.handle = Number((attached.data as Json).id);
    return 0;
  }

  /** Joins `room` as a publisher with `joinToken`: the VideoRoom answer (`joined` or an error). */
  async join(room: string, joinToken?: string, display = "tester"): Promise<Json> {
    const ack = await this.post(`/${this.session}/${this.handle}`, {
      janus: "message",
      body: {
        request: "join",
        ptype: "publisher",
        room,
        display,
        ...(joinToken !== undefined ? { token: joinToken } : {}),
      },
    });
    if (ack.janus === "error") return { error_code: Number((ack.error as Json).code) };
    return this.nextPluginEvent();
  }

  /** The next VideoRoom event for this handle (long poll; bounded). */
  async nextPluginEvent(timeoutMs = 10_000): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const res = await fetch(
        `${this.url}/${this.session}?maxev=1&rid=${Date.now()}&token=${encodeURIComponent(this.token)}`,
        {
          signal: AbortSignal.timeout(timeoutMs),
        },
      );
      const ev = (await res.json()) as Json;
      if (ev.janus === "event" && ev.plugindata) return (ev.plugindata as Json).data as Json;
    }
    throw new Error("no VideoRoom event before the deadline");
  }

  /** The first VideoRoom event matching `wanted`, skipping others (joins of others, …). */
  async waitForPluginEvent(wanted: (data: Json) => boolean, timeoutMs = 10_000): Promise<Json> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const data = await this.nextPluginEvent(Math.max(100, deadline - Date.now()));
      if (wanted(data)) return data;
      if (Date.now() > deadline)
        throw new Error(`no matching VideoRoom event; last: ${JSON.stringify(data)}`);
    }
  }

  async leave(): Promise<void> {
    await this.post(`/${this.session}/${this.handle}`, { janus: "message", body: { request: "leave" } });
  }

  async destroy(): Promise<void> {
    await this.post(`/${this.session}`, { janus: "destroy" }).catch(() => undefined);
  }
}
