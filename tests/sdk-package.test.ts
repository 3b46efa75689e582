import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "./helpers/app-server";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * @svc/sdk as integrators install it (issue 49): `npm pack`, the tarball installed into an empty
 * project outside the repository (it has no dependencies, so nothing else is fetched), and the
 * installed package exercised there against the real handlers: its README's promises, its
 * transport, `moduleResolution: node10`, and the `svc` bin. tests/production/sdk-consumer.test.ts
 * runs the long journey against production instances; this one runs in every `npm test`.
 */
const root = path.resolve(import.meta.dirname, "..");
const fixtures = path.join(import.meta.dirname, "sdk-package");
const project = fs.mkdtempSync(path.join(os.tmpdir(), "svc-sdk-package-"));
let app: { url: string; close: () => Promise<void> };
let org: TestOrg;

function run(cmd: string, args: string[], cwd: string, env: Record<string, string> = {}) {
  return spawnSync(cmd, args, { cwd, encoding: "utf8", env: { ...process.env, ...env } });
}

/** Runs a command without blocking this process's event loop (the app server answers it). */
function runAsync(
  cmd: string,
  args: string[],
  cwd: string,
  env: Record<string, string> = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString("utf8");
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString("utf8");
    });
    child.once("exit", (status) => resolve({ status, stdout, stderr }));
  });
}

beforeAll(async () => {
  const packed = run("npm", ["pack", "-w", "@svc/sdk", "--json", "--pack-destination", project], root);
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.stderr}`);
  const [info] = JSON.parse(packed.stdout) as { filename: string }[];
  fs.writeFileSync(path.join(project, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  const installed = run(
    "npm",
    ["install", "--no-audit", "--no-fund", "--offline", path.join(project, info?.filename ?? "")],
    project,
  );
  if (installed.status !== 0) throw new Error(`npm install failed:\n${installed.stderr}`);
  for (const f of fs.readdirSync(fixtures)) fs.copyFileSync(path.join(fixtures, f), path.join(project, f));
  app = await startAppServer();
  org = await createOrg({ name: "Package Org" });
}, 180_000);

afterAll(async () => {
  await app?.close();
  fs.rmSync(project, { recursive: true, force: true });
});

describe("@svc/sdk from its packed tarball", () => {
  it("ships a licence, its scope, and no dependency", () => {
    const pkg = path.join(project, "node_modules", "@svc", "sdk");
    const manifest = JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(manifest.name).toBe("@svc/sdk");
    expect(manifest.license).toBe("MIT");
    expect(fs.readFileSync(path.join(pkg, "LICENSE"), "utf8")).toContain("MIT License");
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.publishConfig).toEqual({ access: "public" });
  });

  it("resolves @svc/sdk/node under moduleResolution node10 (typesVersions)", () => {
    fs.writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2023", "DOM"],
          module: "CommonJS",
          moduleResolution: "node10",
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          // Node's types from the repository: a Node consumer of @svc/sdk/node has them.
          typeRoots: [path.join(root, "node_modules", "@types")],
          types: ["node"],
        },
        files: ["node10.ts"],
      }),
    );
    const tsc = run(
      process.execPath,
      [path.join(root, "node_modules", "typescript", "bin", "tsc"), "-p", "."],
      project,
    );
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
  }, 180_000);

  it("keeps its promises: 500 from a throwing handler, one transport with whole errors, a bounded mint", async () => {
    const res = await runAsync(process.execPath, ["consumer.mjs", app.url, org.members.Owner.token], project);
    expect(res.status, res.stderr).toBe(0);
    const results = Object.fromEntries(
      res.stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as { name: string; value: unknown })
        .map((r) => [r.name, r.value]),
    );
    expect(results["handler-throws"]).toBe(500);
    expect(results["listen-error"]).toMatchObject({
      isApiError: true,
      code: "validation_failed",
      errors: [expect.objectContaining({ path: "events" })],
      requestId: expect.any(String),
      viaClientFetch: true,
    });
    expect(results["mint-down"]).toEqual({
      code: "service_unavailable",
      retryAfter: 5,
      requestId: "req-503",
      attempts: 1,
    });
  });

  it("svc listen --events typo prints the field errors", async () => {
    const bin = path.join(project, "node_modules", ".bin", "svc");
    const res = await runAsync(
      bin,
      ["listen", "--forward-to", "http://127.0.0.1:9/hook", "--events", "typo"],
      project,
      {
        SVC_URL: app.url,
        SVC_SESSION_TOKEN: org.members.Owner.token,
        SVC_CONFIG_DIR: path.join(project, ".svc"),
      },
    );
    expect(res.status).toBe(1);
    expect(res.stderr).toContain("422 validation_failed");
    expect(res.stderr).toMatch(/ {2}events: .*typo/);
  });
});
