import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { build } from "esbuild";
import { TokenVerifier } from "livekit-server-sdk";
import { chromium } from "playwright-core";
import { livekitDriver } from "@/lib/media/livekit/driver";
import { type FakeLivekit, LK_KEY, LK_SECRET, startFakeLivekit } from "../helpers/livekit";
import { CHROMIUM_ARGS } from "./harness/browser";

/**
 * The share link's LiveKit client in Chromium (no LiveKit server runs on these machines, so no
 * room is entered: docs/media-plane-livekit.md). lib/media-client/livekit-room.ts, bundled with the
 * real livekit-client, joins with a credential the LiveKit driver minted: its signalling WebSocket
 * must go to LIVEKIT_URL's /rtc with exactly that token, which livekit-server-sdk's TokenVerifier
 * accepts for that room; the refused connection must end in a failure the page can show.
 */

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const CHROMIUM = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium";

let lk: FakeLivekit;

test.beforeAll(async () => {
  const missing = spawnSync(CHROMIUM, ["--version"], { stdio: "ignore" }).error;
  if (missing && process.env.MEDIA_E2E_REQUIRED === "1") throw new Error(`${CHROMIUM} is not installed`);
  test.skip(missing !== undefined, `${CHROMIUM} is not installed`);
  lk = await startFakeLivekit();
  const bundle = await build({
    entryPoints: [path.join(import.meta.dirname, "livekit", "entry.ts")],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    alias: { "@": ROOT },
    logLevel: "silent",
  });
  lk.files.set("/client.js", { type: "text/javascript", body: bundle.outputFiles[0]?.text ?? "" });
  lk.files.set("/", {
    type: "text/html",
    body: '<!doctype html><meta charset="utf-8"><title>livekit-client</title><script type="module" src="/client.js"></script>',
  });
});

test.afterAll(async () => {
  await lk?.close();
});

test("livekit-client signals to LIVEKIT_URL/rtc with the driver's token for exactly that room", async () => {
  const driver = livekitDriver({
    url: lk.url.replace("http://", "ws://"),
    apiKey: LK_KEY,
    apiSecret: LK_SECRET,
    storage: () => ({
      bucket: "",
      region: "",
      endpoint: undefined,
      forcePathStyle: false,
      credentials: undefined,
      local: true,
    }),
  });
  const now = Date.now();
  const media = driver.credential(driver.nodes[0] ?? "", {
    roomId: "rm_livekitclient01",
    roomType: "meeting",
    identity: "guest-1",
    role: "publisher",
    caps: ["publish:camera", "publish:mic", "subscribe:all"],
    issuedAt: new Date(now),
    expiresAt: new Date(now + 600_000),
    displayName: "Guest",
    projectId: "prj_x",
    userId: "guest-1",
  });
  expect(media.provider).toBe("livekit");

  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(lk.url);
    await page.waitForFunction(() => "svcJoin" in window);
    const outcome = await page.evaluate(
      (grant) => (window as unknown as { svcJoin: (g: unknown) => Promise<string> }).svcJoin(grant),
      media,
    );
    // No LiveKit answers the signalling here: the join fails, and says so.
    expect(outcome).toMatch(/^failed: /);
  } finally {
    await browser.close();
  }
  expect(lk.signals.length).toBeGreaterThan(0);
  for (const s of lk.signals) {
    expect(s.path).toMatch(/^\/rtc(\/v1)?$/);
    expect(s.token).toBe(media.token);
  }
  const claims = await new TokenVerifier(LK_KEY, LK_SECRET).verify(lk.signals[0]?.token ?? "");
  expect(claims.sub).toBe("guest-1");
  expect(claims.video).toMatchObject({
    room: "rm_livekitclient01",
    roomJoin: true,
    canPublishSources: ["camera", "microphone"],
  });
});
