import { randomBytes } from "node:crypto";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { derivedSecret } from "@/lib/media/janus/credential";
import { joinFromPage, openClientPage } from "./harness/client-page";
import { signJanusToken, startJanus } from "./harness/janus";
import { JANUS_PORTS, writeJanusConfig } from "./harness/janus-config";
import { MEDIA_ADDRESS } from "./harness/namespace";
import { expectAudioGrowing, expectVideoAdvancing } from "./harness/page-checks";
import { requireOrSkip } from "./harness/requirements";
import { LOG_DIR, startWorld, type World } from "./harness/world";

/**
 * The harness and the browser client (lib/media-client) against Janus alone: two Chromium pages in
 * the namespace publish into one VideoRoom and the second decodes the first's video and receives
 * its audio. No app server is involved;
 * tests/media-e2e/rooms.spec.ts does the same through the service.
 */

const JANUS_HTTP = `http://127.0.0.1:${JANUS_PORTS.http}/janus`;

let world: World;

let tokenSecret: string;

test.beforeAll(async () => {
  requireOrSkip(test.skip);
  world = await startWorld({ servicePort: 3999, receiverPort: 3998 });
  tokenSecret = randomBytes(16).toString("hex");
  const configDir = path.join(world.dir, "janus");
  writeJanusConfig({
    dir: configDir,
    tokenSecret,
    eventsSecret: "unused",
    // Nothing listens there in this test: the event handler's posts fail, which Janus tolerates.
    eventsUrl: "http://127.0.0.1:3999/v1/internal/media/janus",
  });
  const janus = await startJanus(world.ns, configDir, LOG_DIR, async () => {
    const res = await world.janusFetch(`${JANUS_HTTP}/info`);
    return res.ok;
  });
  world.onStop(() => janus.stop());
});

test.afterAll(async () => {
  await world?.stop();
});

async function janusCall(body: Record<string, unknown>, at = JANUS_HTTP): Promise<Record<string, unknown>> {
  const res = await world.janusFetch(at, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ transaction: randomBytes(6).toString("hex"), ...body }),
  });
  return (await res.json()) as Record<string, unknown>;
}

async function createRoom(token: string, room: string): Promise<void> {
  const session = (await janusCall({ janus: "create", token })) as { data: { id: number } };
  const handle = (await janusCall(
    { janus: "attach", plugin: "janus.plugin.videoroom", token },
    `${JANUS_HTTP}/${session.data.id}`,
  )) as { data: { id: number } };
  const created = (await janusCall(
    {
      janus: "message",
      token,
      body: {
        request: "create",
        room,
        publishers: 6,
        admin_key: derivedSecret(tokenSecret, "videoroom-admin-key"),
      },
    },
    `${JANUS_HTTP}/${session.data.id}/${handle.data.id}`,
  )) as { plugindata: { data: { videoroom: string } } };
  expect(created.plugindata.data.videoroom).toBe("created");
  await janusCall({ janus: "destroy", token }, `${JANUS_HTTP}/${session.data.id}`);
}

test("two pages in one VideoRoom: the second decodes the first's video and hears its audio", async () => {
  const { browser } = await world.browser();
  const token = signJanusToken(tokenSecret, Math.floor(Date.now() / 1000) + 600, ["janus.plugin.videoroom"]);
  const room = "harness-room";
  await createRoom(token, room);
  const grant = { provider: "janus" as const, url: `ws://127.0.0.1:${JANUS_PORTS.ws}`, token, room };

  const open = async (display: string) => {
    const page = await openClientPage(browser, `${JANUS_HTTP}/info`, display);
    const joined = await joinFromPage(page, grant, display);
    expect(joined.error).toBeNull();
    return page;
  };

  const first = await open("Ada");
  const second = await open("Grace");
  expect(await expectVideoAdvancing(second, 'video[data-remote="Ada"]')).toBeGreaterThan(0);
  await expectAudioGrowing(second);
  // The selected candidate pair is the veth's address on both sides: nothing left the namespace.
  const addresses = await second.evaluate(async () => {
    const pcs = (window as unknown as { __svcPeerConnections: RTCPeerConnection[] }).__svcPeerConnections;
    const found: string[] = [];
    for (const pc of pcs) {
      const stats = await pc.getStats();
      stats.forEach(
        (s: { type: string; state?: string; nominated?: boolean; remoteCandidateId?: string }) => {
          if (s.type === "candidate-pair" && s.state === "succeeded" && s.nominated && s.remoteCandidateId) {
            const remote = stats.get(s.remoteCandidateId) as { address?: string } | undefined;
            if (remote?.address) found.push(remote.address);
          }
        },
      );
    }
    return found;
  });
  expect(addresses.length).toBeGreaterThan(0);
  expect(new Set(addresses)).toEqual(new Set([MEDIA_ADDRESS]));
  await first.context().close();
  await second.context().close();
});
