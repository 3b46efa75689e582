import path from "node:path";
import { defineConfig } from "vitest/config";
import { LongFirstSequencer } from "./tests/long-first-sequencer";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/**/*.test.ts"],
    // Production-build tests start real servers: `npm run test:production` (vitest.production.config.ts).
    exclude: ["tests/production/**", "node_modules/**"],
    globalSetup: ["tests/global-setup.ts"],
    setupFiles: ["tests/setup.ts"],
    pool: "forks",
    sequence: { sequencer: LongFirstSequencer },
    // Two cores: two files at a time, each on its own cloned database.
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      NODE_ENV: "test",
      SVC_DATA_DIR: ".test-data/data",
      NEXTAUTH_SECRET: "test-secret-test-secret-test-secret-0123456789",
      SVC_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
      SVC_MEDIA_INGEST_SECRET: "test-media-ingest-secret",
      SVC_BASE_URL: "http://localhost:3000",
      SVC_SEED_ON_START: "never",
      LOG_LEVEL: "silent",
    },
  },
});
