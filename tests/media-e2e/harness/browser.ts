import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserServer, chromium } from "playwright-core";
import type { Namespace } from "./namespace";

/**
 * Debian's Chromium inside the namespace, driven by Playwright over a pipe (file descriptors cross
 * namespaces; TCP does not). Playwright starts the executable it is given: a two-line script that
 * `exec`s `nsenter -t <holder> -n -- /usr/bin/chromium "$@"`, so the process Playwright holds is
 * Chromium itself, and its pid is known (`server.process().pid`).
 */

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Fake camera (a test pattern) and microphone (a beep), permission granted without asking.
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
  // Background pages keep decoding: two pages share one headless browser.
  "--disable-background-timer-throttling",
  "--disable-renderer-backgrounding",
  "--disable-backgrounding-occluded-windows",
];

export interface NamespacedBrowser {
  browser: Browser;
  pid: number;
  close(): Promise<void>;
}

export async function launchChromiumInside(ns: Namespace, dir: string): Promise<NamespacedBrowser> {
  const executable = process.env.E2E_CHROMIUM ?? "/usr/bin/chromium";
  const wrapper = path.join(dir, "chromium-in-namespace.sh");
  fs.writeFileSync(wrapper, `#!/bin/sh\nexec nsenter -t ${ns.pid} -n -- ${executable} "$@"\n`, {
    mode: 0o755,
  });
  const server: BrowserServer = await chromium.launchServer({
    executablePath: wrapper,
    headless: true,
    args: CHROMIUM_ARGS,
    // Playwright's own signal handlers would kill the browser behind the harness's back.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  const pid = server.process().pid;
  if (pid === undefined) {
    await server.kill();
    throw new Error("Chromium did not start");
  }
  const browser = await chromium.connect(server.wsEndpoint());
  return {
    browser,
    pid,
    async close() {
      await browser.close().catch(() => {});
      await server.close().catch(() => {});
      // Gone by now; if not (a hung browser), by its pid.
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // Already exited.
      }
    },
  };
}
