import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Bridge, fetchThrough, type Route, startBridge } from "./bridge";
import { launchChromiumInside, type NamespacedBrowser } from "./browser";
import { JANUS_PORTS } from "./janus-config";
import { createNamespace, type Namespace } from "./namespace";

/**
 * The pieces every real-media test needs, started in order and stopped in reverse in every outcome
 * (docs/media-plane-testing.md): a namespace, the bridge into it, then whatever the test adds
 * (Janus, the service), and Chromium. `stop()` never throws; the namespace holder goes last.
 */
export interface World {
  dir: string;
  ns: Namespace;
  /** fetch() to Janus's HTTP API inside the namespace (http://127.0.0.1:8088/janus…). */
  janusFetch: (url: string, init?: RequestInit) => Promise<Response>;
  /** Registers something to stop (in reverse order of registration). */
  onStop(stop: () => Promise<void>): void;
  bridge: Bridge;
  sockets: { janus: string; service: string; receiver: string };
  /** fetch() to another Janus's HTTP port inside the namespace (one named in `extraJanusPorts`). */
  janusFetchAt: (port: number) => (url: string, init?: RequestInit) => Promise<Response>;
  browser(): Promise<NamespacedBrowser>;
  stop(): Promise<void>;
}

/** How long the namespace may live at most: the holder is `sleep` for this long. */
const HOLD_SECONDS = 900;

export async function startWorld(opts: {
  servicePort: number;
  receiverPort: number;
  /** HTTP ports of further Janus nodes the runner must reach (a failover test's second node). */
  extraJanusPorts?: number[];
}): Promise<World> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-media-e2e-"));
  const logDir = path.join(process.cwd(), "test-results", "media-e2e");
  fs.mkdirSync(logDir, { recursive: true });
  const stops: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const s of stops.splice(0).reverse()) {
      try {
        await s();
      } catch (err) {
        process.stderr.write(`[media-e2e] stopping: ${err instanceof Error ? err.message : String(err)}\n`);
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  try {
    const ns = await createNamespace({ holdSeconds: HOLD_SECONDS, logFile: path.join(logDir, "netns.log") });
    stops.push(() => ns.close());
    const sockets = {
      janus: path.join(dir, "janus.sock"),
      service: path.join(dir, "service.sock"),
      receiver: path.join(dir, "receiver.sock"),
    };
    const routes: Route[] = [
      { listen: { unix: sockets.janus }, connect: { tcp: JANUS_PORTS.http } },
      { listen: { unix: sockets.service }, connect: { tcp: opts.servicePort } },
      { listen: { tcp: opts.receiverPort }, connect: { unix: sockets.receiver } },
      ...(opts.extraJanusPorts ?? []).map((port) => ({
        listen: { unix: path.join(dir, `janus-${port}.sock`) },
        connect: { tcp: port },
      })),
    ];
    const bridge = await startBridge(ns, routes, logDir);
    stops.push(() => bridge.stop());
    const janus = fetchThrough(sockets.janus);
    stops.push(() => janus.close());
    const extra = new Map(
      (opts.extraJanusPorts ?? []).map((port) => {
        const f = fetchThrough(path.join(dir, `janus-${port}.sock`));
        stops.push(() => f.close());
        return [port, f.fetch] as const;
      }),
    );
    return {
      dir,
      ns,
      janusFetch: janus.fetch,
      janusFetchAt: (port) => {
        if (port === JANUS_PORTS.http) return janus.fetch;
        const f = extra.get(port);
        if (!f) throw new Error(`no route to Janus on ${port}: name it in extraJanusPorts`);
        return f;
      },
      onStop: (s) => stops.push(s),
      bridge,
      sockets,
      async browser() {
        const b = await launchChromiumInside(ns, dir);
        stops.push(() => b.close());
        return b;
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

export const LOG_DIR = path.join(process.cwd(), "test-results", "media-e2e");
