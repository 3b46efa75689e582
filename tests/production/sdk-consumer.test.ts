import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testCertificate } from "../helpers/https-receiver";
import { type Cluster, startCluster } from "./cluster";
import { createDatabase, ensureBuild } from "./servers";

/**
 * The SDK as a user installs it (issue 37): `npm pack`, the tarball installed into a fresh project
 * outside the repository, a consumer file typechecked under strict TypeScript 5.9 (the ESM and the
 * CommonJS build, our declarations included: skipLibCheck off), then run against two production
 * instances behind a load balancer: sign-in, an idempotent create sent twice, a paginated walk,
 * a room token verified against the JWKS with jose, a real delivery to an HTTPS receiver verified
 * with verifyWebhook, and `svc listen` forwarding a room.created to a local receiver.
 */
const root = path.resolve(import.meta.dirname, "../..");
const here = path.join(import.meta.dirname, "sdk-consumer");
const OWNER = { email: "owner@consumer.test", password: `pw-${randomBytes(8).toString("hex")}` };

let db: Awaited<ReturnType<typeof createDatabase>>;
let cluster: Cluster | undefined;
const project = fs.mkdtempSync(path.join(os.tmpdir(), "svc-sdk-consumer-"));

function run(cmd: string, args: string[], cwd: string): string {
  const res = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, npm_config_yes: "true" },
  });
  if (res.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} exited ${res.status}:\n${res.stdout}\n${res.stderr}`);
  return res.stdout;
}

beforeAll(async () => {
  db = await createDatabase("sdk_consumer");
  if (!db) return;
  // Pack (prepack builds dist/esm and dist/cjs) and install the tarball where no workspace is near.
  const packed = JSON.parse(
    run("npm", ["pack", "-w", "@svc/sdk", "--json", "--pack-destination", project], root),
  ) as {
    filename: string;
  }[];
  const tarball = path.join(project, packed[0]?.filename ?? "");
  fs.writeFileSync(
    path.join(project, "package.json"),
    JSON.stringify({ name: "consumer", private: true, type: "module" }),
  );
  for (const f of ["journey.ts", "consumer-cjs.cts", "tsconfig.json"])
    fs.copyFileSync(path.join(here, f), path.join(project, f));
  run(
    "npm",
    [
      "install",
      "--no-audit",
      "--no-fund",
      "--prefer-offline",
      tarball,
      "jose@^6",
      "typescript@5.9",
      "@types/node@^20",
    ],
    project,
  );
  ensureBuild();
  const cert = testCertificate();
  cluster = await startCluster(
    db.url,
    2,
    { SVC_WEBHOOK_CA_FILE: cert.caFile, SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.5,1,1,1,1,1" },
    OWNER,
  );
  fs.writeFileSync(path.join(project, "key.pem"), cert.key);
  fs.writeFileSync(path.join(project, "cert.pem"), cert.cert);
});

afterAll(async () => {
  await cluster?.close();
  await db?.drop();
  fs.rmSync(project, { recursive: true, force: true });
});

describe.skipIf(!process.env.DATABASE_URL)("@svc/sdk installed from its tarball", () => {
  it("ships ESM, CommonJS, declarations and the svc bin, and nothing else of the repository", () => {
    const pkg = path.join(project, "node_modules", "@svc", "sdk");
    expect(fs.existsSync(path.join(pkg, "dist", "esm", "index.d.ts"))).toBe(true);
    expect(fs.existsSync(path.join(pkg, "dist", "cjs", "index.d.ts"))).toBe(true);
    expect(fs.existsSync(path.join(pkg, "src"))).toBe(false);
    const manifest = JSON.parse(fs.readFileSync(path.join(pkg, "package.json"), "utf8")) as Record<
      string,
      unknown
    >;
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(run(path.join(project, "node_modules", ".bin", "svc"), ["--version"], project)).toContain(
      "svc (@svc/sdk)",
    );
  });

  it("typechecks a consumer under strict TypeScript 5.9, ESM and CommonJS", () => {
    const tsc = path.join(project, "node_modules", "typescript", "bin", "tsc");
    expect(run(process.execPath, [tsc, "--version"], project)).toMatch(/^Version 5\.9\./);
    run(process.execPath, [tsc, "-p", "tsconfig.json"], project);
    expect(run(process.execPath, [path.join(project, "dist", "consumer-cjs.cjs")], project)).toContain(
      "cjs ok",
    );
  });

  it("runs the journey against two production instances", async () => {
    if (!cluster) throw new Error("no cluster");
    const child = spawn(process.execPath, ["dist/journey.js"], {
      cwd: project,
      env: {
        ...process.env,
        SVC_URL: cluster.proxyUrl,
        SVC_EMAIL: OWNER.email,
        SVC_PASSWORD: OWNER.password,
        TLS_KEY_FILE: path.join(project, "key.pem"),
        TLS_CERT_FILE: path.join(project, "cert.pem"),
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString("utf8");
    });
    child.stderr.on("data", (c: Buffer) => {
      out += c.toString("utf8");
    });
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
    expect(out, out).toContain("journey ok");
    expect(code, out).toBe(0);
  });
});
