/**
 * `npm run bench`: builds the app once (`next build`), then for each database — the real
 * PostgreSQL (a fresh database, created and dropped here) and the embedded default (a temp
 * SVC_DATA_DIR) — prepares fixtures, starts `next start` on a free port and measures room-token
 * minting, the room list, webhook delivery and memory, each next to a bare baseline run on the
 * same machine in the same run. Concurrent load is a steady-state closed loop on established
 * connections, after a ramp that is reported apart (bench/lib/load.mts). Prints tables and writes
 * bench/results/latest.json.
 *
 *   BENCH_SKIP_BUILD=1        reuse the existing .next build
 *   BENCH_TARGETS=postgres    only one database (postgres, embedded; default both)
 *   BENCH_PG_ADMIN_URL=…      server to create the bench database on
 *                             (default postgres://postgres@127.0.0.1:5432/postgres)
 *   BENCH_QUICK=1             short runs and small sizes (a smoke run of the harness, not figures)
 *   BENCH_SECTIONS=delivery   only some sections (token, list, members, figures, delivery, janus,
 *                             fairness, usage, metering; default all); `token` also measures Next's own GET and POST
 *                             on a bare app; `janus` restarts the app with SVC_MEDIA_PLANE=janus for
 *                             the Janus event ingest (bench/sections/janus-ingest.mts); `fairness`
 *                             `usage` and `metering` need no build (bench/fairness.mts, bench/usage.mts,
 *                             bench/metering-cost.mts: the ingest with and without the metering trigger)
 *                             `viewers` (not in the default list: about 6 minutes a database) builds the
 *                             app and measures HLS viewers of a live stream (bench/viewers.mts)
 *   BENCH_OUT=path.json       where to write the JSON (default bench/results/latest.json)
 *   BENCH_GC_PRETENURING=on   the app and the bare Next app with V8's allocation-site pretenuring
 *                             (V8's default; the app's own default is off, decision 0974)
 *   BENCH_APP_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
 *                             extra node flags for the app server (profiling)
 *   BENCH_DELIVERY_DUMP=path  append every first webhook arrival (event and arrival ms) as JSON lines
 *   BENCH_WEBHOOK_TRUST=node-extra-ca-certs
 *                             trust the receiver's certificate through NODE_EXTRA_CA_CERTS instead
 *                             of the app's SVC_WEBHOOK_CA_FILE (the default)
 */
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { janusCredential, nodeEventsSecret } from "@/lib/media/janus/credential";
import { NO_PRETENURING_FLAG } from "@/lib/server/tune-gc";
import { Api } from "./lib/api.mjs";
import { measureConsoleJs, type PageJs } from "./lib/console-js.mjs";
import { type GcReading, majorGcOf } from "./lib/gc.mjs";
import { startJanusStubs } from "./lib/janus-stub.mjs";
import {
  bin,
  freePort,
  idleRss,
  mustSucceed,
  ROOT,
  type Rss,
  rssOf,
  run,
  say,
  startDetached,
  startNextServer,
  stopGroup,
  waitForHttp,
} from "./lib/proc.mjs";
import { makeCertificate, Receiver } from "./lib/receiver.mjs";
import { printReport, type ReportInput, targetRows } from "./lib/report.mjs";
import type { Fixture } from "./prepare.mjs";
import {
  appDeliveries,
  type BaselineRun,
  baselineDeliveries,
  combineDelivery,
  type DeliveryResult,
  type DeliveryScenario,
} from "./sections/delivery.mjs";
import {
  type BenchNodes,
  JANUS_INGEST_TARGETS,
  type JanusIngestResult,
  janusIngest,
} from "./sections/janus-ingest.mjs";
import { type JoinStormResult, joinStorm } from "./sections/join-storm.mjs";
import { MembersNotAvailable, type MembersResult, membersList } from "./sections/members.mjs";
import {
  measureNextFloor,
  NEXT_FLOOR_CONCURRENCY,
  NEXT_FLOOR_DIR,
  type NextFloorResult,
} from "./sections/next-floor.mjs";
import { type RoomListResult, roomList } from "./sections/room-list.mjs";
import {
  combine,
  loadLevels,
  ROUNDS,
  roundSeconds,
  type TokenMintResult,
  type TokenRequest,
  tokenTarget,
} from "./sections/token-mint.mjs";

type TargetName = "postgres" | "embedded";

const quick = process.env.BENCH_QUICK === "1";
const gcPretenuring = process.env.BENCH_GC_PRETENURING === "on" ? "on" : "off";
const sections = new Set(
  (process.env.BENCH_SECTIONS ?? "token,list,members,figures,delivery,janus,fairness,usage,metering")
    .split(",")
    .map((x) => x.trim()),
);
const skippedSection = () => Promise.reject(new NotAvailable("left out by BENCH_SECTIONS"));
const webhookTrust =
  process.env.BENCH_WEBHOOK_TRUST === "node-extra-ca-certs" ? "node-extra-ca-certs" : "ca-file";
const settings = {
  tokenSeconds: quick ? 1 : 3,
  // The least time each closed loop's ramp lasts before it measures (bench/lib/load.mts).
  loadWarmupMs: quick ? 250 : 1000,
  listSizes: {
    postgres: quick ? [1000, 10_000] : [1000, 100_000, 1_000_000],
    // 1M rooms take over a minute to load into PGlite and 1.7 GB of disk: over the run's budget.
    embedded: quick ? [1000, 10_000] : [1000, 10_000, 100_000],
  },
  list: { maxRequests: quick ? 30 : 200, maxMs: quick ? 1000 : 3000 },
  delivery: { oneEvents: quick ? 30 : 300, hundredEvents: quick ? 3 : 20, waitMs: quick ? 15_000 : 30_000 },
  janusRooms: quick ? 100 : 1000,
};

/** Some of this section is missing from the app: reported as "not available", not as a failure. */
class NotAvailable extends Error {}

export type Section<T> = T | { not_available: string } | { error: string };

export interface TargetResult {
  database: TargetName;
  setup: { prepare_seconds: number; start_seconds: number | null };
  token_mint: Section<TokenMintResult>;
  room_list: Section<RoomListResult>;
  members_list: Section<MembersResult>;
  /** The console home page's figures query, per org size (p50/p99 ms, one call at a time). */
  home_figures: Section<Record<string, { p50_ms: number | null; p99_ms: number | null; samples: number }>>;
  delivery: Section<DeliveryResult>;
  janus_ingest: Section<JanusIngestResult>;
  /** The same ingest with every node carrying rooms of four orgs (issue 42). */
  janus_ingest_mixed: Section<JanusIngestResult>;
  /** 500 participants joining one org's rooms within 10 s (issue 42). */
  janus_join_storm: Section<JoinStormResult>;
  /** Statements per applied observation of the media pipeline (bench/janus-statements.mts; PostgreSQL only: counted by its client). */
  janus_statements: Section<Record<string, number>>;
  memory: Record<string, Rss | null>;
}

const started = Date.now();
const loadAtStart = Math.round((os.loadavg()[0] ?? 0) * 10) / 10;
const cpuAtStart = cpuTicks();

/**
 * CPU ticks of the whole machine from /proc/stat (Linux): `steal` is time the hypervisor gave this
 * virtual machine's CPUs to someone else. On a shared host it moves every absolute figure even
 * when the load average says the machine is quiet; undefined where /proc/stat is not there.
 */
function cpuTicks(): { total: number; steal: number } | undefined {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "";
    const f = line.trim().split(/\s+/).slice(1).map(Number);
    return { total: f.reduce((a, b) => a + b, 0), steal: f[7] ?? 0 };
  } catch {
    return undefined;
  }
}

/** Percentage of CPU time stolen by the hypervisor over the run. */
function stealPercent(): number | null {
  const end = cpuTicks();
  if (!cpuAtStart || !end || end.total === cpuAtStart.total) return null;
  return Math.round(((end.steal - cpuAtStart.steal) / (end.total - cpuAtStart.total)) * 1000) / 10;
}
const work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-bench-"));
const adminUrl = process.env.BENCH_PG_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const nextAuthSecret = `bench-only-${randomBytes(24).toString("hex")}`;
const encryptionKey = randomBytes(32).toString("base64");
/** Opens the app's /metrics, which the token section reads for the server's major GCs. */
const metricsToken = randomBytes(24).toString("hex");
const children = new Set<ChildProcess>();

/** The environment the app and its scripts see: only what is set here, never a developer's .env. */
function appEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const keep = ["PATH", "HOME", "LANG", "TMPDIR", "TERM", "SHELL", "USER"];
  const base: Record<string, string | undefined> = {};
  for (const k of keep) if (process.env[k] !== undefined) base[k] = process.env[k];
  // Next loads .env files but never overrides a key that is set: an empty value neutralises one.
  const blank = [
    "DATABASE_URL",
    "SVC_MIGRATE_ON_START",
    "S3_ENDPOINT",
    "S3_BUCKET",
    "S3_ACCESS_KEY_ID",
    "S3_SECRET_ACCESS_KEY",
    "RESEND_API_KEY",
    "RESEND_BASE_URL",
    "INNGEST_EVENT_KEY",
    "INNGEST_SIGNING_KEY",
    "INNGEST_DEV",
    "INNGEST_BASE_URL",
    "SVC_TOKEN_SIGNING_KEY",
    "SVC_TOKEN_PREVIOUS_PUBLIC_KEYS",
    "SVC_MEDIA_INGEST_SECRET",
    "AUTH_SECRET",
    "AUTH_TRUST_HOST",
    "VERCEL",
  ];
  for (const k of blank) base[k] = "";
  return {
    ...base,
    // Production settings for every step (build, migrate, prepare, start), so each checks them.
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    NEXTAUTH_SECRET: nextAuthSecret,
    SVC_ENCRYPTION_KEY: encryptionKey,
    SVC_DEPLOYMENT_MODE: "self_host",
    SVC_SEED_ON_START: "never",
    SVC_METRICS_TOKEN: metricsToken,
    // Where the embedded PGlite runs (docs/decisions/0863); `main` measures the in-process way.
    SVC_EMBEDDED_DB_THREAD: process.env.BENCH_EMBEDDED_DB_THREAD ?? "worker",
    // V8's allocation-site pretenuring (docs/decisions/0974); `on` measures V8's default.
    SVC_GC_PRETENURING: gcPretenuring,
    DATABASE_POOL_MAX: "10",
    LOG_LEVEL: "info",
    // Limits so high they never answer 429, so the limiter's own cost is still measured.
    SVC_RATE_LIMITS: "room-tokens=1000000000/60,session=1000000000/60",
    ...extra,
  };
}

/** The app server's major GCs so far, from its /metrics; undefined when they cannot be read. */
async function majorGcs(base: string): Promise<GcReading | undefined> {
  try {
    const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
    return res.ok ? majorGcOf(await res.text()) : undefined;
  } catch {
    return undefined;
  }
}

async function build(): Promise<void> {
  await buildNext("the app", ROOT);
  // Only the token section compares with Next's own floors (a build of a few seconds).
  if (sections.has("token")) await buildNext("the bare Next app", NEXT_FLOOR_DIR);
}

/** Directories built in this run: the viewers section builds the app before the rest would. */
const builtThisRun = new Set<string>();

async function buildNext(what: string, dir: string): Promise<void> {
  if (builtThisRun.has(dir)) return;
  builtThisRun.add(dir);
  if (process.env.BENCH_SKIP_BUILD === "1" && fs.existsSync(path.join(dir, ".next", "BUILD_ID"))) {
    say(`next build of ${what} skipped (BENCH_SKIP_BUILD=1)`);
    return;
  }
  say(`next build of ${what} …`);
  const t0 = Date.now();
  // The bare app is built with webpack: Turbopack takes the workspace root (this repository, found
  // by its lockfile) as the place to look for `instrumentation.ts` and `proxy.ts`, so it would
  // bundle ours into the bare app, and a Turbopack root of the bare app's own directory cannot
  // reach node_modules. Both bundle the same Next request pipeline (next/dist/server).
  const args = dir === ROOT ? ["build"] : ["build", "--webpack", dir];
  const r = await run(bin("next"), args, appEnv({}), { timeoutMs: 480_000 });
  mustSucceed(`next build of ${what}`, r);
  say(`next build of ${what} done in ${Math.round((Date.now() - t0) / 1000)} s`);
}

/**
 * Next's own GET and POST floors on a bare Next app (bench/sections/next-floor.mts), before the
 * databases' runs, on the same quiet machine; the app's servers are not running meanwhile.
 */
async function nextFloor(): Promise<Section<NextFloorResult>> {
  return section("Next floor", async () => {
    if (!sections.has("token")) return skippedSection();
    const port = await freePort();
    const logFile = path.join(work, "server-next-floor.log");
    // The same V8 setting as the app's (the bare app has no instrumentation to set it).
    const flags = gcPretenuring === "off" ? NO_PRETENURING_FLAG : "";
    const server = startNextServer(port, appEnv({}), logFile, flags, NEXT_FLOOR_DIR);
    children.add(server);
    try {
      await waitForHttp(`http://127.0.0.1:${port}/get`, server, 60_000);
      say(`Next's own floors: a bare GET and POST at ${NEXT_FLOOR_CONCURRENCY} concurrent, in turn …`);
      return await measureNextFloor(`http://127.0.0.1:${port}`, {
        rounds: ROUNDS[NEXT_FLOOR_CONCURRENCY] ?? 3,
        roundSeconds: roundSeconds(settings.tokenSeconds),
        warmupMs: settings.loadWarmupMs,
      });
    } finally {
      await stopGroup(server);
    }
  });
}

async function postgresReachable(): Promise<string | undefined> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(adminUrl, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return undefined;
  } catch (err) {
    return `PostgreSQL at ${adminUrl.replace(/\/\/[^@]*@/, "//")} is not reachable (${(err as Error).message})`;
  } finally {
    await sql.end({ timeout: 2 });
  }
}

async function adminSql(statement: string): Promise<void> {
  const { default: postgres } = await import("postgres");
  const sql = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await sql.unsafe(statement);
  } finally {
    await sql.end({ timeout: 2 });
  }
}

async function section<T>(name: string, fn: () => Promise<T>): Promise<Section<T>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof NotAvailable) {
      say(`${name}: not available — ${err.message}`);
      return { not_available: err.message };
    }
    say(`${name}: FAILED — ${(err as Error).stack ?? String(err)}`);
    return { error: (err as Error).message };
  }
}

/** A 404/405 from the app means the endpoint is not built yet: that section is skipped. */
async function requireEndpoint(base: string, method: string, p: string): Promise<void> {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  await res.arrayBuffer();
  if (res.status === 404 || res.status === 405)
    throw new NotAvailable(`${method} ${p} answers ${res.status}`);
}

/** `next start` in its own process group; resolves once /healthz answers. */
async function startApp(
  env: NodeJS.ProcessEnv,
  port: number,
  logFile: string,
): Promise<{ server: ChildProcess; seconds: number }> {
  const t0 = Date.now();
  const server = startNextServer(port, env, logFile, process.env.BENCH_APP_NODE_ARGS);
  children.add(server);
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, server, 120_000);
  return { server, seconds: Math.round((Date.now() - t0) / 100) / 10 };
}

/** The bare token server (bench/baselines/token-server.mts) on `db`: a PostgreSQL URL or `pglite:<dir>`. */
async function startTokenBaseline(
  db: string,
  logFile: string,
): Promise<{ child: ChildProcess; base: string }> {
  const port = await freePort();
  const child = startDetached(
    bin("tsx"),
    [path.join(ROOT, "bench", "baselines", "token-server.mts")],
    { ...process.env, PORT: String(port), BASELINE_DB: db },
    logFile,
  );
  children.add(child);
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, child, 60_000);
  return { child, base: `http://127.0.0.1:${port}` };
}

async function runTarget(name: TargetName, receiver: Receiver, caFile: string): Promise<TargetResult> {
  // The app's setting for an extra CA (the default), or Node's own, which loads it once at start.
  const trust: Record<string, string> =
    webhookTrust === "node-extra-ca-certs"
      ? { NODE_EXTRA_CA_CERTS: caFile }
      : { SVC_WEBHOOK_CA_FILE: caFile };
  const dataDir = path.join(work, `data-${name}`);
  const baselineDir = path.join(work, `data-${name}-baseline`);
  fs.mkdirSync(dataDir, { recursive: true });
  const dbName = `svc_bench_${process.pid}_${Date.now()}`;
  const databaseUrl = name === "postgres" ? adminUrl.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`) : "";
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = appEnv({
    DATABASE_URL: databaseUrl,
    SVC_DATA_DIR: dataDir,
    SVC_BASE_URL: base,
    NEXTAUTH_URL: base,
    // First attempt at once; a failed one retries after about a second (none should fail here).
    SVC_WEBHOOK_RETRY_SCHEDULE: "0,1,1,1,1,1,1",
    ...trust,
  });
  // The Janus ingest's four-org layout signs in as three more orgs: small list orgs when the list
  // section does not make them.
  const listSizes = sections.has("list") ? settings.listSizes[name] : sections.has("janus") ? [1, 2, 3] : [];
  const memory: Record<string, Rss | null> = {};
  let server: ChildProcess | undefined;
  let tokenBaseline: ChildProcess | undefined;
  const logFile = path.join(work, `server-${name}.log`);
  try {
    say(`[${name}] preparing the database (sizes ${listSizes.join(", ")}) …`);
    const t0 = Date.now();
    if (name === "postgres") await adminSql(`create database ${dbName}`);
    mustSucceed("npm run db:migrate", await run("npm", ["run", "--silent", "db:migrate"], env));
    const fixtureFile = path.join(work, `fixture-${name}.json`);
    mustSucceed(
      "bench/prepare.mts",
      await run(
        bin("tsx"),
        [path.join(ROOT, "bench", "prepare.mts"), fixtureFile, listSizes.join(",")],
        // Bulk-loading 1M rooms is one long statement: no statement timeout for the fixtures.
        { ...env, DATABASE_STATEMENT_TIMEOUT_MS: "0" },
        { timeoutMs: 300_000 },
      ),
    );
    const fixture = JSON.parse(fs.readFileSync(fixtureFile, "utf8")) as Fixture;
    const prepareSeconds = Math.round((Date.now() - t0) / 100) / 10;
    say(`[${name}] prepared in ${prepareSeconds} s; next start on ${base} (log ${logFile})`);

    const first = await startApp(env, port, logFile);
    server = first.server;
    // Ten idle seconds before the idle figure: start-up is still settling at the first answer.
    const started = server;
    const idle = await idleRss(() => rssOf(started));
    memory.at_ready = idle.atReady;
    memory.idle_peak = idle.peak;
    memory.idle = idle.idle;
    say(
      `[${name}] ready in ${first.seconds} s; idle RSS ${memory.idle.server_mb} MB after 10 s idle ` +
        `(${idle.atReady.server_mb} MB at the first answer, at most ${idle.peak.server_mb} MB meanwhile)`,
    );

    // Room tokens: a project key minted through the API, and a room to mint for.
    let tokenRequest: TokenRequest | undefined;
    const tokenSetup = await section("token mint setup", async () => {
      if (!sections.has("token")) return skippedSection();
      await requireEndpoint(base, "POST", "/v1/auth/tokens/room");
      const api = new Api(base);
      await api.login(fixture.main.email, fixture.password);
      const key = await api.call<{ id: string; secret: string; project_key?: string }>(
        "POST",
        `/v1/workspace/projects/${fixture.main.projectId}/api-keys`,
        { name: "bench", scope: "rooms:write" },
      );
      const room = await api.call<{ id: string }>("POST", "/v1/workspace/rooms", {
        project_id: fixture.main.projectId,
        name: "bench token room",
      });
      tokenRequest = { projectKey: key.project_key ?? `svc_pk_${key.id}.${key.secret}`, roomId: room.id };
      return true;
    });

    let baselineDb = databaseUrl;
    if (name === "embedded" && tokenRequest) {
      // One process per PGlite data dir: the baseline gets a copy taken while the app is stopped.
      await stopGroup(server);
      fs.cpSync(dataDir, baselineDir, { recursive: true });
      fs.rmSync(path.join(baselineDir, "pglite.lock"), { force: true });
      baselineDb = `pglite:${baselineDir}`;
      server = (await startApp(env, port, logFile)).server;
    }
    const running = server;

    let tokenResult: Section<TokenMintResult> = tokenSetup as Section<TokenMintResult>;
    const req = tokenRequest;
    if (req) {
      tokenResult = await section("token mint", async () => {
        const b = await startTokenBaseline(baselineDb, path.join(work, `baseline-${name}.log`));
        tokenBaseline = b.child;
        say(
          `[${name}] token mint: 1, 8, 32, 64 concurrent, app, floor and baseline in turn (rounds of ${roundSeconds(settings.tokenSeconds)} s after a ramp; ${Object.values(ROUNDS).join("/")} rounds) …`,
        );
        const figures = await loadLevels(
          tokenTarget(base, req),
          tokenTarget(b.base, req),
          settings.tokenSeconds,
          { warmupMs: settings.loadWarmupMs, gc: () => majorGcs(base) },
        );
        await stopGroup(b.child);
        return combine(
          figures.app,
          figures.baseline,
          figures.floor,
          settings.tokenSeconds,
          figures.rounds,
          figures.gc,
        );
      });
    }
    memory.after_token_mint = rssOf(running);

    say(`[${name}] room list …`);
    const listSection = await section("room list", () =>
      sections.has("list")
        ? roomList(base, fixture.lists, fixture.password, {
            ...settings.list,
            loadSeconds: settings.tokenSeconds,
            warmupMs: settings.loadWarmupMs,
            gc: () => majorGcs(base),
          })
        : skippedSection(),
    );
    memory.after_room_list = rssOf(running);

    say(`[${name}] members list …`);
    const membersSection = await section("members list", async () => {
      if (!sections.has("members")) return skippedSection();
      try {
        return await membersList(base, fixture, {
          ...settings.list,
          loadSeconds: settings.tokenSeconds,
          warmupMs: settings.loadWarmupMs,
        });
      } catch (err) {
        // TODO(teams): GET /v1/workspace/members lands with the teams issue; until then this is reported.
        if (err instanceof MembersNotAvailable) throw new NotAvailable(err.message);
        throw err;
      }
    });

    say(`[${name}] webhook delivery …`);
    let deliveryApp: { one: DeliveryScenario; hundred: DeliveryScenario } | undefined;
    const deliverySection = await section("delivery", async () => {
      if (!sections.has("delivery")) return skippedSection();
      await requireEndpoint(base, "POST", "/v1/workspace/webhooks");
      deliveryApp = await appDeliveries(base, fixture.main, fixture.password, receiver, settings.delivery);
      return true;
    });
    memory.after_delivery = rssOf(running);

    // The Janus event ingest: the same database, the app restarted as a Janus media plane whose
    // one node is a stub that passes the health probe and refuses the rest (bench/lib/janus-stub.mts).
    let janusMixed: Section<JanusIngestResult> = { not_available: "left out by BENCH_SECTIONS" };
    let janusStorm: Section<JoinStormResult> = { not_available: "left out by BENCH_SECTIONS" };
    let janusStubs: Awaited<ReturnType<typeof startJanusStubs>> | undefined;
    const janusSection = await section("janus ingest", async () => {
      if (!sections.has("janus")) return skippedSection();
      await stopGroup(server);
      const tokenSecret = randomBytes(24).toString("hex");
      const eventsSecret = randomBytes(24).toString("hex");
      // Four nodes, as the plan posts from four: each node's events are one ordered stream (lib/media/intake.ts).
      janusStubs = await startJanusStubs(4);
      const nodes: BenchNodes = {
        urls: janusStubs.urls,
        publicUrls: janusStubs.urls.map((_, i) => `ws://127.0.0.1:9/janus-${i}`),
        secrets: janusStubs.urls.map((url) => nodeEventsSecret(eventsSecret, url)),
        placement: new Map(),
      };
      const janusEnv = {
        ...env,
        SVC_MEDIA_PLANE: "janus",
        JANUS_URL: janusStubs.urls.join(","),
        JANUS_PUBLIC_URL: nodes.publicUrls.join(","),
        JANUS_TOKEN_SECRET: tokenSecret,
        JANUS_EVENTS_SECRET: eventsSecret,
      };
      server = (await startApp(janusEnv, port, logFile)).server;
      await requireEndpoint(base, "POST", "/v1/internal/media/janus");
      say(`[${name}] Janus event ingest (${settings.janusRooms} rooms, arrays of 100 from 4 nodes) …`);
      const expiresAt = new Date(Date.now() + 3_600_000);
      const sessionToken = (roomId: string, identity: string) =>
        janusCredential(tokenSecret, { roomId, identity, role: "publisher", expiresAt }).token;
      const main = { email: fixture.main.email, password: fixture.password };
      const result = await janusIngest(base, [main], {
        rooms: settings.janusRooms,
        nodes,
        target: JANUS_INGEST_TARGETS[name],
        sessionToken,
      });
      say(
        `[${name}] Janus ingest: ${result.events_per_s} events/s applied (${result.events} events in ${result.seconds} s, ` +
          `posted in ${result.post_seconds} s, post p99 ${result.post_p99_ms} ms, target ${result.target_events_per_s}); ` +
          `rooms in the wrong state: ${result.wrong_states}, failed posts: ${result.failed_posts}`,
      );
      const logins = [
        main,
        ...fixture.lists.slice(0, 3).map((o) => ({ email: o.email, password: fixture.password })),
      ];
      janusMixed = await section("janus ingest, four orgs", async () => {
        const mixed = await janusIngest(base, logins, {
          rooms: settings.janusRooms,
          nodes,
          target: JANUS_INGEST_TARGETS[name],
          sessionToken,
        });
        say(
          `[${name}] Janus ingest, ${mixed.orgs} orgs per node: ${mixed.events_per_s} events/s applied, post p99 ` +
            `${mixed.post_p99_ms} ms; wrong: ${mixed.wrong_states}, failed posts: ${mixed.failed_posts}`,
        );
        return mixed;
      });
      janusStorm = await section("janus join storm", async () => {
        const storm = await joinStorm(base, main, receiver, {
          participants: 500,
          spreadMs: 10_000,
          nodes,
          sessionToken,
        });
        say(
          `[${name}] Join storm: ${storm.participants} participants in ${storm.post_seconds} s; every room right ` +
            `${storm.settled_seconds} s after the first post; wrong rooms: ${storm.wrong_rooms}; all leave: every ` +
            `room ended after ${storm.ended_seconds} s (wrong: ${storm.ended_wrong_rooms}), ` +
            `${storm.webhooks_received}/${storm.webhooks_expected} webhooks delivered after ${storm.webhooks_seconds ?? "—"} s`,
        );
        return storm;
      });
      return result;
    });
    await stopGroup(server);
    server = undefined;
    janusStubs?.close();

    // Counted, and the apply timed in process (issue 42): its own database, the job's code.
    const janusStatements = await section("janus statements", async () => {
      if (!sections.has("janus")) return skippedSection();
      if (name !== "postgres")
        throw new NotAvailable("counted through postgres.js's debug hook: PostgreSQL only");
      // The script takes the server without a database (it creates its own and drops it).
      const pgServer = adminUrl.replace(/\/[^/?]*(\?.*)?$/, "");
      const r = await run(
        bin("tsx"),
        [path.join(ROOT, "bench", "janus-statements.mts"), pgServer, "200"],
        env,
        {
          timeoutMs: 600_000,
        },
      );
      mustSucceed("bench/janus-statements.mts", r);
      const counted = JSON.parse(r.stdout.trim().split("\n").pop() ?? "{}") as Record<string, number>;
      say(
        `[${name}] Janus pipeline: ${counted.statements_per_applied_observation} statements per applied observation; ` +
          `applied in process at ${counted.apply_events_per_s} events/s (${counted.apply_cpu_seconds} CPU s in ${counted.apply_seconds} s)`,
      );
      return counted;
    });

    // After the app stopped: a PGlite data dir has one process at a time.
    const figuresSection = await section("home figures", async () => {
      if (!sections.has("figures")) return skippedSection();
      const orgs = fixture.lists.map((o) => `${o.orgId}:${o.size}`).join(",");
      const r = await run(
        bin("tsx"),
        [path.join(ROOT, "bench", "time-insights.mts"), orgs, quick ? "20" : "100", quick ? "1000" : "3000"],
        env,
        { timeoutMs: 300_000 },
      );
      if (r.code === 3)
        throw new NotAvailable("lib/insights/load-org-insights is not on this tree yet (console issue)");
      mustSucceed("bench/time-insights.mts", r);
      return JSON.parse(r.stdout.trim().split("\n").pop() ?? "{}") as Record<
        string,
        { p50_ms: number | null; p99_ms: number | null; samples: number }
      >;
    });

    // The delivery baseline after the app has stopped: the same two cores, nothing else running.
    let deliveryResult: Section<DeliveryResult> = deliverySection as Section<DeliveryResult>;
    if (deliveryApp) {
      const app = deliveryApp;
      deliveryResult = await section("delivery baseline", async () => {
        const count = app.hundred.expected;
        say(`[${name}] delivery baseline (${count} POSTs, keep-alive and new connection each) …`);
        const keepalive: BaselineRun = await baselineDeliveries(receiver, caFile, count, "keepalive");
        const close: BaselineRun = await baselineDeliveries(receiver, caFile, count, "close");
        return combineDelivery(app, keepalive, close);
      });
    }
    return {
      database: name,
      setup: { prepare_seconds: prepareSeconds, start_seconds: first.seconds },
      token_mint: tokenResult,
      room_list: listSection,
      members_list: membersSection,
      home_figures: figuresSection,
      delivery: deliveryResult,
      janus_ingest: janusSection,
      janus_ingest_mixed: janusMixed,
      janus_join_storm: janusStorm,
      janus_statements: janusStatements,
      memory,
    };
  } catch (err) {
    const tail = fs.existsSync(logFile)
      ? fs.readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n")
      : "";
    throw new Error(`${name}: ${(err as Error).message}${tail ? `\nserver log (last lines):\n${tail}` : ""}`);
  } finally {
    await stopGroup(tokenBaseline);
    await stopGroup(server);
    if (name === "postgres") await adminSql(`drop database if exists ${dbName} with (force)`).catch(() => {});
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(baselineDir, { recursive: true, force: true });
  }
}

function pick<T>(s: Section<T> | undefined): T | undefined {
  return s && !("error" in (s as object)) && !("not_available" in (s as object)) ? (s as T) : undefined;
}

/**
 * The sections that run in a process of their own per database, on the domain directly (no Next
 * build needed): fair delivery between orgs (docs/decisions/1023, 1230; bench/fairness.mts, its
 * in-process worker and receivers) and usage (issue 44; bench/usage.mts). PostgreSQL in a
 * database created for the section, PGlite in a fresh data directory. Each database's figures,
 * or why it has none, by section.
 */
const IN_PROCESS = {
  fairness: { script: "bench/fairness.mts", out: "FAIRNESS_OUT", prefix: "FAIRNESS_" },
  usage: { script: "bench/usage.mts", out: "USAGE_OUT", prefix: "USAGE_" },
  metering: { script: "bench/metering-cost.mts", out: "METERING_OUT", prefix: "METERING_" },
  // Starts `next start` of the build itself (issue 45's HLS viewers; main() builds first).
  viewers: { script: "bench/viewers.mts", out: "VIEWERS_OUT", prefix: "VIEWERS_" },
} as const;
type InProcessSection = keyof typeof IN_PROCESS;

async function inProcess(
  section: InProcessSection,
  wanted: readonly string[],
): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  if (!sections.has(section)) return results;
  const { script, out: outVar, prefix } = IN_PROCESS[section];
  for (const name of ["postgres", "embedded"] as const) {
    if (!wanted.includes(name)) continue;
    say(`[${name}] ${section} …`);
    const out = path.join(work, `${section}-${name}.json`);
    const dbName = `svc_${section}_${process.pid}_${Date.now()}`;
    if (name === "postgres") {
      const unreachable = await postgresReachable();
      if (unreachable) {
        results[name] = { not_available: unreachable };
        continue;
      }
      await adminSql(`create database ${dbName}`);
    }
    try {
      const r = await run(
        bin("tsx"),
        [script],
        appEnv({
          ...(name === "postgres"
            ? { DATABASE_URL: adminUrl.replace(/\/[^/?]*(\?|$)/, `/${dbName}$1`) }
            : { SVC_DATA_DIR: path.join(work, `${section}-data`) }),
          [outVar]: out,
          // The section's own settings (sizes, windows, shapes: its script) pass through.
          ...Object.fromEntries(
            Object.entries(process.env).filter(
              (e): e is [string, string] => e[0].startsWith(prefix) && e[1] !== undefined,
            ),
          ),
        }),
        { timeoutMs: 1_200_000 },
      );
      process.stdout.write(r.stdout);
      if (r.code !== 0) {
        say(`[${name}] ${section} failed:\n${r.stderr}`);
        results[name] = { error: r.stderr.split("\n").slice(-5).join("\n") };
      } else results[name] = JSON.parse(fs.readFileSync(out, "utf8"));
    } finally {
      if (name === "postgres")
        await adminSql(`drop database if exists ${dbName} with (force)`).catch(() => {});
    }
  }
  return results;
}

async function main(): Promise<number> {
  const wanted = (process.env.BENCH_TARGETS ?? "postgres,embedded").split(",").map((s) => s.trim());
  const fair = await inProcess("fairness", wanted);
  const usage = await inProcess("usage", wanted);
  const metering = await inProcess("metering", wanted);
  if (sections.has("viewers")) await buildNext("the app", ROOT);
  const viewers = await inProcess("viewers", wanted);
  const fairnessOk = [
    ...Object.values(fair),
    ...Object.values(usage),
    ...Object.values(metering),
    ...Object.values(viewers),
  ].every((f) => !("error" in (f as object)));
  if ([...sections].every((s) => s in IN_PROCESS)) {
    // Fairness alone: its figures under `<database>.fairness`, with the machine's load.
    const out = process.env.BENCH_OUT ?? path.join(ROOT, "bench", "results", "latest.json");
    const only = {
      generated_at: new Date().toISOString(),
      duration_seconds: Math.round((Date.now() - started) / 1000),
      machine: {
        cpus: os.cpus().length,
        load_average_at_start: loadAtStart,
        load_average_at_end: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
      },
      ...Object.fromEntries(
        wanted.map((db) => [
          db,
          {
            fairness: fair[db] ?? null,
            usage: usage[db] ?? null,
            metering: metering[db] ?? null,
            viewers: viewers[db] ?? null,
          },
        ]),
      ),
    };
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(only, null, 2)}\n`);
    say(`wrote ${path.relative(ROOT, out)}`);
    return fairnessOk ? 0 : 1;
  }
  await build();
  const consolePages: PageJs[] = measureConsoleJs(path.join(ROOT, ".next"));
  const framework = await nextFloor();

  const tls = makeCertificate(work);
  const receiver = new Receiver(tls);
  await receiver.start();
  const targets: Partial<Record<TargetName, TargetResult>> = {};
  const skipped: Partial<Record<TargetName, string>> = {};
  let failed = false;
  try {
    for (const name of ["postgres", "embedded"] as const) {
      if (!wanted.includes(name)) continue;
      if (name === "postgres") {
        const unreachable = await postgresReachable();
        if (unreachable) {
          say(`postgres: not available — ${unreachable}`);
          skipped.postgres = unreachable;
          continue;
        }
      }
      try {
        targets[name] = await runTarget(name, receiver, tls.certFile);
      } catch (err) {
        failed = true;
        say(`${(err as Error).message}`);
        skipped[name] = (err as Error).message.split("\n")[0] ?? "failed";
      }
    }
  } finally {
    await receiver.stop();
  }

  const head = targets.postgres ?? targets.embedded;
  const token = pick(head?.token_mint);
  const list = pick(head?.room_list);
  const delivery = pick(head?.delivery);
  const maxJs = consolePages.reduce((m, p) => Math.max(m, p.gzip_kb), 0);
  const results = {
    generated_at: new Date().toISOString(),
    duration_seconds: Math.round((Date.now() - started) / 1000),
    machine: {
      cpus: os.cpus().length,
      memory_gb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      // Other work on the machine moves every absolute figure; the same-run ratios move much less.
      load_average_at_start: loadAtStart,
      load_average_at_end: Math.round((os.loadavg()[0] ?? 0) * 10) / 10,
      cpu_steal_percent: stealPercent(),
    },
    quick,
    webhook_trust: webhookTrust,
    /** Which database the top-level figures come from (PostgreSQL when it was reachable). */
    headline_database: head?.database ?? null,
    token_mint: { ...token, database: head?.database ?? null },
    room_list: { ...list, database: head?.database ?? null },
    delivery: { ...delivery, database: head?.database ?? null },
    memory: {
      idle_rss_mb: head?.memory.idle?.server_mb ?? null,
      postgres: targets.postgres?.memory ?? null,
      embedded: targets.embedded?.memory ?? null,
    },
    console: { max_first_load_js_kb_gzip: maxJs, pages: consolePages },
    next_floor: framework,
    postgres: targets.postgres
      ? {
          ...targets.postgres,
          fairness: fair.postgres ?? null,
          usage: usage.postgres ?? null,
          metering: metering.postgres ?? null,
          viewers: viewers.postgres ?? null,
        }
      : {
          not_available: skipped.postgres ?? "not run",
          fairness: fair.postgres ?? null,
          usage: usage.postgres ?? null,
          metering: metering.postgres ?? null,
          viewers: viewers.postgres ?? null,
        },
    embedded: targets.embedded
      ? {
          ...targets.embedded,
          fairness: fair.embedded ?? null,
          usage: usage.embedded ?? null,
          metering: metering.embedded ?? null,
          viewers: viewers.embedded ?? null,
        }
      : {
          not_available: skipped.embedded ?? "not run",
          fairness: fair.embedded ?? null,
          usage: usage.embedded ?? null,
          metering: metering.embedded ?? null,
          viewers: viewers.embedded ?? null,
        },
  };
  const withTargets = {
    ...results,
    // Every figure with a target, per database, with its verdict (ok / MISSED / n/a).
    targets: Object.fromEntries(
      Object.values(targets).map((t) => [t.database, targetRows(t, results as unknown as ReportInput)]),
    ),
  };
  const out = process.env.BENCH_OUT ?? path.join(ROOT, "bench", "results", "latest.json");
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, `${JSON.stringify(withTargets, null, 2)}\n`);
  printReport(results);
  say(`wrote ${path.relative(ROOT, out)} in ${results.duration_seconds} s`);
  const sectionFailed = Object.values(targets).some((t) =>
    [t.token_mint, t.room_list, t.members_list, t.home_figures, t.delivery].some(
      (s) => "error" in (s as object),
    ),
  );
  return failed || sectionFailed ? 1 : 0;
}

// Ctrl-C or a CI timeout: stop every server and baseline, drop the database (in runTarget's finally).
for (const sig of ["SIGINT", "SIGTERM"] as const) {
  process.once(sig, () => {
    Promise.all([...children].map((c) => stopGroup(c))).finally(() => process.exit(130));
  });
}

let code = 1;
try {
  code = await main();
} catch (err) {
  say(`failed: ${(err as Error).stack ?? String(err)}`);
} finally {
  for (const c of children) await stopGroup(c);
  // Logs and fixtures stay for a look when something failed.
  if (code === 0) fs.rmSync(work, { recursive: true, force: true });
  else say(`logs kept in ${work}`);
}
process.exit(code);
