import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { envSchema } from "@/lib/env";

/**
 * Every setting the service's own start-up commands give it (the scripts, benchmarks and tests
 * that start a server and write its environment as `SVC_…: value`) is one lib/env.ts declares, so
 * docs/configuration.md lists it. A stale one (SVC_LOCAL_S3_PORT, set for years after nothing read
 * it; issue 42) misleads whoever copies the command.
 */
const ROOTS = [
  "scripts",
  "bench",
  "tests/production",
  "tests/media-e2e",
  "tests/helpers",
  "playwright.config.ts",
];

function files(p: string): string[] {
  if (!fs.existsSync(p)) return [];
  if (fs.statSync(p).isFile()) return [p];
  return fs.readdirSync(p).flatMap((name) => files(path.join(p, name)));
}

describe("settings given to the service", () => {
  it("are declared in lib/env.ts", () => {
    const declared = new Set(Object.keys(envSchema.shape));
    const unknown: string[] = [];
    // The SDK's CLI reads its own SVC_URL, SVC_EMAIL, SVC_PASSWORD (packages/sdk), not the service.
    const service = (f: string) => /\.(m?ts|mjs)$/.test(f) && !f.includes("sdk-consumer");
    for (const file of ROOTS.flatMap(files).filter(service)) {
      const text = fs.readFileSync(file, "utf8");
      for (const m of text.matchAll(/^\s*(SVC_[A-Z0-9_]+):/gm)) {
        const name = m[1] ?? "";
        if (!declared.has(name)) unknown.push(`${file}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it("the check can fail: an undeclared name is found", () => {
    const declared = new Set(Object.keys(envSchema.shape));
    expect(declared.has("SVC_LOCAL_S3_PORT")).toBe(false);
    expect([..."  SVC_LOCAL_S3_PORT: 1".matchAll(/^\s*(SVC_[A-Z0-9_]+):/gm)].map((m) => m[1])).toEqual([
      "SVC_LOCAL_S3_PORT",
    ]);
  });
});
