import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A local RTMP server for tests (issue 45): Debian's nginx with libnginx-mod-rtmp, run with its own
 * prefix and configuration (never the system's), which records every stream it receives as FLV so
 * ffprobe can read what arrived. Stopped by its pid. Unavailable without nginx or the module.
 */
export const RTMP_MODULE = "/usr/lib/nginx/modules/ngx_rtmp_module.so";
export const rtmpAvailable =
  fs.existsSync(RTMP_MODULE) && !spawnSync("nginx", ["-v"], { stdio: "ignore" }).error;

export interface RtmpServer {
  /** rtmp://127.0.0.1:<port>/live */
  url: string;
  /** The FLV nginx wrote for a stream key (after the stream ended). */
  recordingOf(key: string): string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      s.close(() => (typeof a === "object" && a ? resolve(a.port) : reject(new Error("no port"))));
    });
  });
}

/** How the server is started: here by default; the media e2e passes its namespace's spawner. */
export type RtmpSpawner = (command: string, args: string[]) => { exited(): boolean; stop(): Promise<void> };

const spawnHere: RtmpSpawner = (command, args) => {
  const child: ChildProcess = spawn(command, args, { stdio: "ignore" });
  return {
    exited: () => child.exitCode !== null || child.signalCode !== null,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGQUIT");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    },
  };
};

export async function startRtmpServer(
  opts: { host?: string; port?: number; spawner?: RtmpSpawner } = {},
): Promise<RtmpServer> {
  const host = opts.host ?? "127.0.0.1";
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "svc-rtmp-"));
  const rec = path.join(prefix, "rec");
  fs.mkdirSync(rec);
  fs.mkdirSync(path.join(prefix, "logs"));
  const port = opts.port ?? (await freePort());
  fs.writeFileSync(
    path.join(prefix, "nginx.conf"),
    `load_module ${RTMP_MODULE};
daemon off;
master_process off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 64; }
rtmp {
  server {
    listen ${host}:${port};
    application live {
      live on;
      record all;
      record_path ${rec};
      record_unique off;
    }
  }
}
`,
  );
  const server = (opts.spawner ?? spawnHere)("nginx", ["-p", prefix, "-c", path.join(prefix, "nginx.conf")]);
  const deadline = Date.now() + 10_000;
  // nginx writes its pid file once it listens (this works inside a namespace too).
  while (!fs.existsSync(path.join(prefix, "nginx.pid"))) {
    if (Date.now() > deadline || server.exited()) {
      throw new Error(
        `nginx-rtmp did not start: ${fs.readFileSync(path.join(prefix, "logs/error.log"), "utf8")}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `rtmp://${host}:${port}/live`,
    recordingOf: (key) => path.join(rec, `${key}.flv`),
    stop: async () => {
      await server.stop();
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}
