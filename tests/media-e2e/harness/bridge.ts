import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { Agent, fetch as undiciFetch } from "undici";
import type { Namespace } from "./namespace";
import { pollUntil } from "./poll";
import { isRunning, type Started, stopProcess, tail } from "./processes";

/**
 * The runner's way in and out of the namespace (bridge.mjs runs inside it): the runner reaches a
 * TCP port in the namespace through a unix socket, and a server of the runner (the webhook
 * receiver) is reached from the namespace on a TCP port there.
 */

export type Route =
  | { listen: { unix: string }; connect: { tcp: number } }
  | { listen: { tcp: number }; connect: { unix: string } };

export interface Bridge {
  process: Started;
  stop(): Promise<void>;
}

export async function startBridge(ns: Namespace, routes: Route[], logDir: string): Promise<Bridge> {
  const logFile = path.join(logDir, "bridge.log");
  const script = path.join(import.meta.dirname, "bridge.mjs");
  const proc = ns.spawn("bridge", process.execPath, [script, JSON.stringify(routes)], { logFile });
  try {
    await pollUntil("the namespace bridge to listen", 10_000, () => {
      if (!isRunning(proc)) throw new Error(`bridge exited:\n${tail(logFile)}`);
      return fs.readFileSync(logFile, "utf8").includes("ready");
    });
  } catch (err) {
    await stopProcess(proc);
    throw err;
  }
  return { process: proc, stop: () => stopProcess(proc) };
}

/** `fetch` for a server inside the namespace, through the unix socket the bridge listens on. */
export function fetchThrough(socketPath: string): {
  fetch: (url: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
} {
  const agent = new Agent({ connect: { socketPath } });
  return {
    fetch: async (url, init) =>
      (await undiciFetch(url, { ...(init as object), dispatcher: agent })) as unknown as Response,
    close: () => agent.close(),
  };
}

/** A unix socket in the runner that pipes to a TCP port of the runner (e.g. the HTTPS receiver). */
export async function relayUnixToTcp(
  socketPath: string,
  port: number,
): Promise<{ close: () => Promise<void> }> {
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((inbound) => {
    const outbound = net.connect({ host: "127.0.0.1", port });
    inbound.pipe(outbound).pipe(inbound);
    const close = () => {
      inbound.destroy();
      outbound.destroy();
    };
    inbound.on("error", close);
    outbound.on("error", close);
  });
  await new Promise<void>((resolve) => server.listen(socketPath, resolve));
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
      }),
  };
}
