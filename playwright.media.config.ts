import { defineConfig } from "@playwright/test";

/**
 * Real-media tests (docs/media-plane-testing.md): Janus, the service and Chromium inside a network
 * namespace the test creates. They launch Chromium themselves (inside the namespace), so no
 * `use.browserName` here. Needs root (unshare, nsenter), `janus` and Debian's Chromium.
 * `npm run test:media`.
 */
export default defineConfig({
  testDir: "tests/media-e2e",
  testMatch: /\.spec\.ts$/,
  outputDir: "test-results/media-e2e/playwright",
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
});
