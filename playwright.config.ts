import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests in Debian's Chromium (`apt-get install chromium`), never a downloaded browser.
 * `npm run test:e2e` (scripts/e2e.mjs) builds and starts the app and passes its URL in
 * E2E_BASE_URL; set it yourself to test a server that is already running.
 */
const baseURL = process.env.E2E_BASE_URL ?? "http://localhost:3104";
/** The second, cloud-mode server scripts/e2e.mjs starts for e2e/cloud.spec.ts; absent, that spec is not run. */
const cloudURL = process.env.E2E_CLOUD_BASE_URL;
const desktop = {
  ...devices["Desktop Chrome"],
  viewport: { width: 1440, height: 900 },
  deviceScaleFactor: 1,
};

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/playwright",
  // One worker: two shared cores, and the tests sign in as the same seeded users.
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [["list"]]
    : [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    headless: true,
    // The session cookie is Secure; Chromium keeps Secure cookies on http://localhost only.
    locale: "en-GB",
    timezoneId: "UTC",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.E2E_CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
        // The join page's camera and microphone check: a fake camera and mic, permission granted.
        "--use-fake-ui-for-media-stream",
        "--use-fake-device-for-media-stream",
      ],
    },
  },
  projects: [
    { name: "chromium", testIgnore: /cloud\.spec\.ts$/, use: desktop },
    ...(cloudURL
      ? [{ name: "cloud", testMatch: /cloud\.spec\.ts$/, use: { ...desktop, baseURL: cloudURL } }]
      : []),
  ],
});
