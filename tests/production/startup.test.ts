import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkRuntime } from "@/lib/server/check-runtime";
import { testIssuer } from "../helpers/license-issuer";
import { until } from "../helpers/wait";
import {
  ensureBuild,
  exitCode,
  freePort,
  productionEnv,
  type Server,
  startServer,
  stop,
  waitReady,
} from "./servers";

/**
 * The start-up contract on the real production build (docs/decisions/0960): a missing or invalid
 * required setting stops `next start` and the standalone server with a non-zero exit and the
 * setting's name; a valid configuration serves /healthz, and SIGTERM takes it out of rotation.
 */
const servers: Server[] = [];
let dataDir: string;

beforeAll(() => {
  ensureBuild();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "svc-startup-"));
});
afterAll(async () => {
  await Promise.all(servers.map(stop));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function baseEnv(extra: Record<string, string | undefined> = {}) {
  return productionEnv({
    NEXTAUTH_SECRET: randomBytes(32).toString("base64"),
    SVC_BASE_URL: "http://127.0.0.1:3000",
    SVC_DATA_DIR: path.join(dataDir, randomBytes(4).toString("hex")),
    ...extra,
  });
}

describe.each(["next-start", "standalone"] as const)("%s", (kind) => {
  it("exits non-zero naming NEXTAUTH_SECRET when it is missing", async () => {
    const server = startServer(
      `${kind}-no-secret`,
      await freePort(),
      await baseEnv({ NEXTAUTH_SECRET: undefined }),
      kind,
    );
    servers.push(server);
    expect(await exitCode(server)).not.toBe(0);
    expect(server.output()).toMatch(/start-up failed[\s\S]*NEXTAUTH_SECRET: is required in production/);
  });

  it("exits non-zero naming an invalid setting", async () => {
    const server = startServer(
      `${kind}-bad-db`,
      await freePort(),
      await baseEnv({ DATABASE_URL: "mysql://nope", SVC_METRICS_TOKEN: "short" }),
      kind,
    );
    servers.push(server);
    expect(await exitCode(server)).not.toBe(0);
    expect(server.output()).toContain("DATABASE_URL: must be a postgres:// or postgresql:// URL");
    expect(server.output()).toContain("SVC_METRICS_TOKEN: must be at least 16 characters");
  });

  it("exits non-zero naming a generated secrets file that holds no valid secret", async () => {
    const env = await baseEnv();
    const dir = env.SVC_DATA_DIR ?? expect.unreachable("baseEnv sets a data dir");
    fs.mkdirSync(path.join(dir, "secrets"), { recursive: true });
    // The embedded default keeps its encryption key here; a 16-byte key is not an AES-256 key.
    fs.writeFileSync(path.join(dir, "secrets", "encryption-key"), randomBytes(16).toString("base64"));
    const server = startServer(`${kind}-bad-secret-file`, await freePort(), env, kind);
    servers.push(server);
    expect(await exitCode(server)).not.toBe(0);
    expect(server.output()).toMatch(
      /start-up failed[\s\S]*secrets\/encryption-key does not hold a valid encryption-key/,
    );
  });
});

/**
 * Issue 48: a self-hosted server whose licence was altered, has expired or was signed by another
 * issuer refuses to start, naming the setting and the reason (docs/decisions/1277).
 */
describe("licences at start (self_host)", () => {
  it("refuses a tampered, an expired and a foreign-signed licence, each with its reason", async () => {
    const issuer = await testIssuer();
    const good = await issuer.license();
    const [head, , sig] = good.key.split(".");
    const forged = Buffer.from(JSON.stringify({ jti: "lic_forged", limits: { seats: 1e6 } })).toString(
      "base64url",
    );
    const expired = await issuer.license({
      issuedAt: new Date(Date.now() - 60 * 86_400_000),
      expiresAt: new Date(Date.now() - 86_400_000),
    });
    const foreign = await (await testIssuer("lk_other_issuer")).license();
    const cases: [string, string, RegExp][] = [
      [
        "tampered",
        `${head}.${forged}.${sig}`,
        /SVC_LICENSE_KEY: the licence has a signature that does not verify/,
      ],
      ["expired", expired.key, /SVC_LICENSE_KEY: the licence expired on \d{4}-\d{2}-\d{2}T/],
      [
        "foreign",
        foreign.key,
        /SVC_LICENSE_KEY: the licence was signed by a key SVC_LICENSE_PUBLIC_KEY does not hold \(kid "lk_other_issuer"\)/,
      ],
    ];
    for (const [name, key, reason] of cases) {
      const server = startServer(
        `licence-${name}`,
        await freePort(),
        await baseEnv({ SVC_LICENSE_KEY: key, SVC_LICENSE_PUBLIC_KEY: issuer.publicKey }),
      );
      servers.push(server);
      expect(await exitCode(server), name).not.toBe(0);
      expect(server.output(), name).toMatch(/svc: start-up failed, exiting\./);
      expect(server.output(), name).toMatch(reason);
      // A configuration problem, said plainly: no stack trace.
      expect(server.output(), name).not.toMatch(/\n\s+at /);
    }
    // The same licence untouched: the server starts.
    const ok = startServer(
      "licence-valid",
      await freePort(),
      await baseEnv({ SVC_LICENSE_KEY: good.key, SVC_LICENSE_PUBLIC_KEY: issuer.publicKey }),
    );
    servers.push(ok);
    await waitReady(ok, "/healthz");
    await stop(ok);
  });
});

describe("a valid configuration", () => {
  it("serves /healthz and the 404 of /api/inngest, and shuts down cleanly on SIGTERM", async () => {
    const server = startServer(
      "valid",
      await freePort(),
      await baseEnv({ NEXT_MANUAL_SIG_HANDLE: "true", LOG_LEVEL: "info" }),
    );
    servers.push(server);
    await waitReady(server, "/healthz");
    const inngest = await fetch(`${server.url}/api/inngest`);
    expect(inngest.status).toBe(404);
    expect(inngest.headers.get("content-type")).toContain("application/problem+json");
    // V8's allocation-site pretenuring is off unless SVC_GC_PRETENURING=on (decision 0974).
    await until("the server started line", () => server.output().includes('"msg":"server started"'));
    const started = server
      .output()
      .split("\n")
      .find((l) => l.includes('"msg":"server started"'));
    expect(started).toContain('"v8_flags":["--no-allocation-site-pretenuring"]');
    // The runtime's version, and a warning only when its line is past end of life (decision 0976).
    expect(started).toContain(`"node":"${process.version}"`);
    const eolWarned = server.output().includes('"msg":"Node.js past its end of life"');
    expect(eolWarned).toBe(checkRuntime(process.version, new Date()).endOfLife !== undefined);
    await stop(server);
    expect(server.output()).toContain('"msg":"shutdown complete"');
  });
});

/**
 * The end-of-life warning on a runtime that is past it. CI runs these tests on the production Node
 * (24, supported) and names the machine's own Node in SVC_TEST_SECOND_NODE (20, past its end of
 * life since 2026-04-30), so both sides of the warning are seen on a real server (decision 0976).
 */
const secondNode = process.env.SVC_TEST_SECOND_NODE;
describe.skipIf(!secondNode)("a second Node.js runtime (SVC_TEST_SECOND_NODE)", () => {
  it("starts on it and warns exactly when its line is past end of life", async () => {
    const node = secondNode ?? "";
    const server = startServer(
      "second-node",
      await freePort(),
      await baseEnv({ LOG_LEVEL: "info" }),
      "next-start",
      node,
    );
    servers.push(server);
    await waitReady(server, "/healthz");
    // The warning, if any, is logged just before this line.
    await until("the server started line", () => server.output().includes('"msg":"server started"'));
    const lines = server.output().split("\n");
    const started = lines.find((l) => l.includes('"msg":"server started"'));
    const version = /"node":"(v[\d.]+)"/.exec(started ?? "")?.[1];
    expect(version, "the server names the runtime it started on").toBeDefined();
    expect(version).not.toBe(process.version);
    const expected = checkRuntime(version ?? "", new Date()).endOfLife;
    const warning = lines.find((l) => l.includes('"msg":"Node.js past its end of life"'));
    if (expected) expect(warning).toContain(`"end_of_life":"${expected}"`);
    else expect(warning).toBeUndefined();
    await stop(server);
  });
});

describe.each(["next-start", "standalone"] as const)("%s compression", (kind) => {
  it("gzips large answers for a client that accepts gzip, and leaves small JSON answers alone", async () => {
    const server = startServer(`${kind}-gzip`, await freePort(), await baseEnv(), kind);
    servers.push(server);
    await waitReady(server, "/healthz");
    // Node's fetch sends this too; set here so the test does not depend on it.
    const gzip = { headers: { "accept-encoding": "gzip, deflate" } };
    // Small answers, from json() and problem(), and next-auth's own (docs/decisions/0973).
    for (const pathname of ["/healthz", "/v1/workspace/me", "/api/auth/session", "/api/auth/csrf"]) {
      const res = await fetch(`${server.url}${pathname}`, gzip);
      expect(res.headers.get("content-encoding"), pathname).toBeNull();
      expect(res.headers.get("cache-control"), pathname).toContain("no-transform");
      await res.arrayBuffer();
    }
    const openapi = await fetch(`${server.url}/v1/openapi.json`, gzip);
    expect(openapi.headers.get("content-encoding")).toBe("gzip");
    expect(openapi.headers.get("cache-control")).toBe("public, max-age=300");
    expect((await openapi.json()).openapi).toMatch(/^3\./);
    await stop(server);
  });
});
