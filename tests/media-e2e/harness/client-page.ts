import path from "node:path";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import type { JanusGrant } from "@/lib/media-client/janus-videoroom";
import { RECORD_PEER_CONNECTIONS } from "./page-checks";

/**
 * A bare page that joins a room with a grant the test holds (a token minted through the API),
 * using the product's browser client (lib/media-client) bundled as a global. It is hosted on a
 * real page of the namespace (Janus's `/janus/info`): a page that Playwright fulfils itself has no
 * address, and Chromium's local-network rules then refuse its connections to 127.0.0.1.
 */

let bundle: Promise<string> | undefined;

export function clientBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.resolve(import.meta.dirname, "../../../lib/media-client/janus-videoroom.ts")],
    bundle: true,
    format: "iife",
    globalName: "SvcJanus",
    write: false,
    target: "chrome120",
  }).then((r) => r.outputFiles[0]?.text ?? "");
  return bundle;
}

export interface PageRoomState {
  connected: boolean;
  removed: string | null;
  error: string | null;
  remotes: string[];
  /** performance.now() when the page held its token, when it connected, at the first remote frame. */
  tokenAt: number;
  connectedAt: number | null;
  firstRemoteFrameAt: number | null;
  /** Date.now() when the page learnt it was removed (the test process shares the clock). */
  removedAtEpoch?: number;
}

export async function openClientPage(browser: Browser, hostUrl: string, title: string): Promise<Page> {
  const context = await browser.newContext();
  await context.addInitScript(RECORD_PEER_CONNECTIONS);
  const page = await context.newPage();
  await page.goto(hostUrl);
  await page.addScriptTag({ content: await clientBundle() });
  await page.evaluate((t) => {
    document.title = t;
    document.body.innerHTML = '<main id="tiles"></main>';
  }, title);
  return page;
}

/**
 * Joins from the page; resolves when joinRoom has resolved or failed. The outcome is kept in
 * `window.__svcRoom` (read it with `roomState`).
 */
export async function joinFromPage(
  page: Page,
  grant: JanusGrant,
  display: string,
  publish = true,
): Promise<PageRoomState> {
  return page.evaluate(
    async ({ grant, display, publish }) => {
      type Client = typeof import("@/lib/media-client/janus-videoroom");
      const w = window as unknown as {
        SvcJanus: Client;
        __svcRoom: PageRoomState;
        __svcLeave?: () => Promise<void>;
      };
      const state: PageRoomState = {
        connected: false,
        removed: null,
        error: null,
        remotes: [],
        tokenAt: performance.now(),
        connectedAt: null,
        firstRemoteFrameAt: null,
      };
      w.__svcRoom = state;
      try {
        const stream = publish
          ? await navigator.mediaDevices.getUserMedia({ video: true, audio: true })
          : null;
        const conn = await w.SvcJanus.joinRoom({
          grant,
          display,
          publish: stream,
          onRemote: (feed) => {
            const v = document.createElement("video");
            v.autoplay = true;
            v.muted = true;
            v.dataset.remote = feed.display;
            v.srcObject = feed.stream;
            v.requestVideoFrameCallback((now) => {
              state.firstRemoteFrameAt ??= now;
            });
            document.getElementById("tiles")?.append(v);
            state.remotes.push(feed.display);
          },
          onRemoteGone: () => {},
          onRemoved: (reason) => {
            state.removed = reason;
            state.removedAtEpoch = Date.now();
          },
          onConnected: () => {
            state.connected = true;
            state.connectedAt = performance.now();
          },
        });
        w.__svcLeave = () => conn.leave();
      } catch (err) {
        state.error = err instanceof Error ? err.message : String(err);
      }
      return { ...state };
    },
    { grant, display, publish },
  );
}

export function roomState(page: Page): Promise<PageRoomState> {
  return page.evaluate(() => ({ ...(window as unknown as { __svcRoom: PageRoomState }).__svcRoom }));
}

export async function leaveFromPage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await (window as unknown as { __svcLeave?: () => Promise<void> }).__svcLeave?.();
  });
}
