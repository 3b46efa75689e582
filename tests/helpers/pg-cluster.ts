import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway PostgreSQL cluster (initdb + pg_ctl from the installed binaries, in a temp dir, on a
 * free port) that a test may stop and start — never the shared server. Runs as `postgres` when the
 * test runs as root (PostgreSQL refuses to run as root), like .ci/run's fallback cluster.
 */
export interface ThrowawayCluster {
  url: string;
  stop: () => void;
  start: () => void;
  destroy: () => void;
}

export function postgresBinDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, "bin", "pg_ctl")))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions[versions.length - 1];
  return newest ? path.join(root, newest, "bin") : undefined;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("no PostgreSQL binaries under /usr/lib/postgresql/*/bin");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync("chown", ["-R", "postgres", dir]);
  const run = (cmd: string, args: string[]) => {
    const quoted = [path.join(bin, cmd), ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ");
    execFileSync(
      asRoot ? "su" : "sh",
      asRoot ? ["postgres", "-s", "/bin/sh", "-c", quoted] : ["-c", quoted],
      {
        stdio: "pipe",
      },
    );
  };
  const port = await freePort();
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "--no-instructions"]);
  const pgCtl = (action: "start" | "stop") =>
    run(
      "pg_ctl",
      action === "start"
        ? [
            "-D",
            data,
            "-o",
            `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
            "-l",
            path.join(dir, "log"),
            "-w",
            "start",
          ]
        : ["-D", data, "-m", "fast", "-w", "stop"],
    );
  pgCtl("start");
  let running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      if (running) pgCtl("stop");
      running = false;
    },
    start: () => {
      if (!running) pgCtl("start");
      running = true;
    },
    destroy: () => {
      try {
        if (running) pgCtl("stop");
      } finally {
        running = false;
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The upstream connection for a relay's `client`, the pair tracked in `sockets` and closed
 * together: when either side closes, both go.
 */
function pairUpstream(client: net.Socket, targetPort: number, sockets: Set<net.Socket>): net.Socket {
  const upstream = net.connect(targetPort, "127.0.0.1");
  for (const s of [client, upstream]) {
    sockets.add(s);
    s.on("error", () => {});
    s.on("close", () => {
      sockets.delete(s);
      client.destroy();
      upstream.destroy();
    });
  }
  return upstream;
}

/**
 * A TCP relay in front of a server that can be frozen: while frozen it accepts connections and
 * reads nothing, and holds established ones silent — a hung database as the client sees it.
 */
export interface FreezableRelay {
  port: number;
  /**
   * Holds every connection silent. `refuseNew`: new connections are refused too (the listener
   * closes until the thaw), as a server whose host went away: a connect fails with ECONNREFUSED.
   */
  freeze: (opts?: { refuseNew?: boolean }) => void;
  thaw: () => Promise<void>;
  close: () => Promise<void>;
  /** Connections the relay accepted so far. */
  accepted: () => number;
}

export async function startFreezableRelay(targetPort: number): Promise<FreezableRelay> {
  let frozen = false;
  const held: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  /** Forwards `from` to `to`, holding every chunk that arrives while frozen until the thaw. */
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on("data", (chunk) => {
      const send = () => {
        if (!to.destroyed) to.write(chunk);
      };
      if (frozen) held.push(send);
      else send();
    });
  let accepted = 0;
  let listening = false;
  const server = net.createServer((client) => {
    accepted++;
    const upstream = pairUpstream(client, targetPort, sockets);
    forward(client, upstream);
    forward(upstream, client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) =>
      server.listen(port, "127.0.0.1", () => {
        listening = true;
        resolve();
      }),
    );
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    freeze: (opts) => {
      frozen = true;
      if (opts?.refuseNew) {
        listening = false;
        server.close(); // open connections stay; only new ones are refused
      }
    },
    thaw: async () => {
      frozen = false;
      if (!listening) await listen(port);
      for (const send of held.splice(0)) send();
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    accepted: () => accepted,
  };
}

/**
 * A relay that lets each connection's start-up through (the client's first message and the
 * server's answers), then closes the connection at the client's next message: a server that
 * terminates every new backend before its first statement, as one restarting or failing over does.
 */
export async function startClosingRelay(
  targetPort: number,
): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = pairUpstream(client, targetPort, sockets);
    let messages = 0;
    client.on("data", (chunk) => {
      messages++;
      if (messages === 1) upstream.write(chunk);
      else {
        client.destroy();
        upstream.destroy();
      }
    });
    upstream.on("data", (chunk) => client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A listener that accepts connections and never answers (a black-holed database address). */
export async function startSilentListener(): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((s) => {
    sockets.add(s);
    s.on("error", () => {});
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
