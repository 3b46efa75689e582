import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:production`: tests against the real production build (tests/production), which
 * start `next start` and the standalone server as child processes. One build serves every file.
 */
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["tests/production/**/*.test.ts"],
    pool: "forks",
    // One file at a time: each starts several servers on a two-core machine.
    poolOptions: { forks: { singleFork: true } },
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 300_000,
    env: { LOG_LEVEL: "silent" },
  },
});
