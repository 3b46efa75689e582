import { randomBytes } from "node:crypto";
import path from "node:path";
import type { Browser } from "playwright-core";
import { ServiceApi } from "./api";
import { fetchThrough } from "./bridge";
import { startJanus } from "./janus";
import { JANUS_PORTS, writeJanusConfig } from "./janus-config";
import { startService } from "./service";
import { LOG_DIR, startWorld, type World } from "./world";

/** Janus's HTTP API inside the namespace, as the service and the client pages reach it. */
export const JANUS_HTTP = `http://127.0.0.1:${JANUS_PORTS.http}/janus`;

export interface JanusWithService {
  world: World;
  /** The service's API as the seeded Owner (owner@acme.test), with a project key. */
  api: ServiceApi;
  browser: Browser;
}

/**
 * The usual real-media set-up in one call (docs/media-plane-testing.md): a namespace, one Janus with
 * signed tokens and its event handler posting to the service, the service with
 * `SVC_MEDIA_PLANE=janus` and the demo data, the Owner signed in with a project key, and Chromium
 * inside the namespace. Everything is registered on `world`; `world.stop()` stops it all, and a
 * failure half-way stops what had started.
 */
export async function startJanusWithService(
  opts: { servicePort?: number; env?: Record<string, string> } = {},
): Promise<JanusWithService> {
  const servicePort = opts.servicePort ?? 3000;
  const world = await startWorld({ servicePort, receiverPort: 8443 });
  try {
    const tokenSecret = randomBytes(24).toString("hex");
    const eventsSecret = randomBytes(24).toString("hex");
    const configDir = path.join(world.dir, "janus");
    writeJanusConfig({
      dir: configDir,
      tokenSecret,
      eventsSecret,
      eventsUrl: `http://127.0.0.1:${servicePort}/v1/internal/media/janus`,
    });
    const janus = await startJanus(
      world.ns,
      configDir,
      LOG_DIR,
      async () => (await world.janusFetch(`${JANUS_HTTP}/info`)).ok,
    );
    world.onStop(() => janus.stop());
    const service = fetchThrough(world.sockets.service);
    world.onStop(() => service.close());
    const baseUrl = `http://127.0.0.1:${servicePort}`;
    const running = await startService(world.ns, {
      port: servicePort,
      logDir: LOG_DIR,
      env: {
        SVC_DATA_DIR: path.join(world.dir, "data"),
        SVC_SEED_ON_START: "always",
        SVC_DEPLOYMENT_MODE: "self_host",
        NEXTAUTH_SECRET: randomBytes(32).toString("hex"),
        SVC_MEDIA_INGEST_SECRET: randomBytes(24).toString("hex"),
        SVC_MEDIA_PLANE: "janus",
        JANUS_URL: JANUS_HTTP,
        JANUS_PUBLIC_URL: `ws://127.0.0.1:${JANUS_PORTS.ws}`,
        JANUS_TOKEN_SECRET: tokenSecret,
        JANUS_EVENTS_SECRET: eventsSecret,
        ...opts.env,
      },
      ready: async () => (await service.fetch(`${baseUrl}/login`)).status === 200,
    });
    world.onStop(() => running.stop());
    const api = new ServiceApi(service.fetch, baseUrl);
    await api.signIn("owner@acme.test", "demo-password");
    await api.createProjectKey();
    const browser = (await world.browser()).browser;
    return { world, api, browser };
  } catch (err) {
    await world.stop();
    throw err;
  }
}
