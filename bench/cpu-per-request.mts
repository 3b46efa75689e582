/**
 * `npm run bench:cpu`: the app server's CPU time per request, route by route, next to the Next
 * floor (`GET /healthz`). Not part of `npm run bench` and not a target: a diagnostic for changes
 * to a hot path. It says where the time goes (the main thread, or the embedded database's worker
 * and the thread pool: the whole process minus the main thread), which requests per second do
 * not. It is not free of the machine's noise: on a shared VM the same build's floor has measured
 * 1.3 ms and 3.2 ms of main thread per request in consecutive runs, so compare targets within one
 * run, alternate the trees being compared, and repeat.
 *
 * It starts `next start` from the current build (`npm run build` first) on an embedded database it
 * prepares once in `$CPU_WORK` (or on `CPU_DATABASE_URL`, a migrated PostgreSQL database), then
 * runs closed-loop rounds of each target in turn and reads the server's main-thread and
 * whole-process CPU time from /proc before and after each round (Linux only). The first round of
 * each target warms up and is not counted.
 *
 * Settings: CPU_TARGETS (floor,token,list), CPU_CONCURRENCY (32), CPU_SECONDS (2), CPU_ROUNDS (6),
 * CPU_WORK (a temp dir), CPU_DATABASE_URL, CPU_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p"),
 * CPU_ACCEPT_ENCODING (e.g. "gzip, deflate", as Node's fetch and Python's requests send it: the
 * requests then take the compression path real clients take; docs/decisions/0973).
 * How it was used: docs/decisions/0971-signing-on-the-thread-pool.md.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Api } from "./lib/api.mjs";
import { closedLoop, type LoadTarget } from "./lib/load.mjs";
import {
  bin,
  freePort,
  mustSucceed,
  ROOT,
  run,
  say,
  startNextServer,
  stopGroup,
  waitForHttp,
} from "./lib/proc.mjs";
import type { Fixture } from "./prepare.mjs";

const work = process.env.CPU_WORK ?? fs.mkdtempSync(path.join(os.tmpdir(), "svc-cpu-"));
const databaseUrl = process.env.CPU_DATABASE_URL ?? "";
const fixtureFile = path.join(work, "fixture.json");
const secretsFile = path.join(work, "secrets.json");
const concurrency = Number(process.env.CPU_CONCURRENCY ?? 32);
const seconds = Number(process.env.CPU_SECONDS ?? 2);
const rounds = Math.max(2, Number(process.env.CPU_ROUNDS ?? 6));
const names = (process.env.CPU_TARGETS ?? "floor,token,list").split(",");

fs.mkdirSync(work, { recursive: true });
if (!fs.existsSync(secretsFile)) {
  const secrets = {
    auth: crypto.randomBytes(32).toString("base64url"),
    encryption: crypto.randomBytes(32).toString("base64"),
  };
  fs.writeFileSync(secretsFile, JSON.stringify(secrets), { mode: 0o600 });
}
const secrets = JSON.parse(fs.readFileSync(secretsFile, "utf8")) as { auth: string; encryption: string };
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const env: NodeJS.ProcessEnv = {
  PATH: process.env.PATH,
  HOME: process.env.HOME,
  // Next loads .env files but never overrides a key that is set: empty values neutralise them.
  ...Object.fromEntries(
    [
      "S3_ENDPOINT",
      "RESEND_API_KEY",
      "INNGEST_EVENT_KEY",
      "INNGEST_SIGNING_KEY",
      "SVC_TOKEN_SIGNING_KEY",
    ].map((k) => [k, ""]),
  ),
  DATABASE_URL: databaseUrl,
  SVC_MIGRATE_ON_START: "",
  NODE_ENV: "production",
  NEXT_TELEMETRY_DISABLED: "1",
  NEXTAUTH_SECRET: secrets.auth,
  SVC_ENCRYPTION_KEY: secrets.encryption,
  SVC_DEPLOYMENT_MODE: "self_host",
  SVC_SEED_ON_START: "never",
  LOG_LEVEL: "info",
  // The same raised limits as npm run bench: never 429, the limiter's cost still counted.
  SVC_RATE_LIMITS: "room-tokens=1000000000/60,session=1000000000/60",
  SVC_DATA_DIR: path.join(work, "data"),
  SVC_BASE_URL: base,
  NEXTAUTH_URL: base,
};

if (!fs.existsSync(fixtureFile)) {
  say(`preparing ${databaseUrl ? "the PostgreSQL database" : `an embedded database in ${work}`} …`);
  mustSucceed("npm run db:migrate", await run("npm", ["run", "--silent", "db:migrate"], env));
  mustSucceed(
    "bench/prepare.mts",
    await run(bin("tsx"), [path.join(ROOT, "bench", "prepare.mts"), fixtureFile, "1000"], {
      ...env,
      DATABASE_STATEMENT_TIMEOUT_MS: "0",
      BENCH_MEMBERS: "10",
    }),
  );
}
const fixture = JSON.parse(fs.readFileSync(fixtureFile, "utf8")) as Fixture;

/** utime + stime of the server (or of one of its threads) in ms; clock ticks are 10 ms on Linux. */
function cpuMs(pid: number, thread?: number): number {
  const stat = fs.readFileSync(thread ? `/proc/${pid}/task/${thread}/stat` : `/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

const server = startNextServer(port, env, path.join(work, "server.log"), process.env.CPU_NODE_ARGS);
try {
  await waitForHttp(`${base}/healthz`, server, 120_000);
  const pid = server.pid;
  if (pid === undefined) throw new Error("the server has no pid");
  const owner = new Api(base);
  await owner.login(fixture.main.email, fixture.password);
  const key = await owner.call<{ project_key: string }>(
    "POST",
    `/v1/workspace/projects/${fixture.main.projectId}/api-keys`,
    { name: "cpu per request", scope: "rooms:write" },
  );
  const room = await owner.call<{ id: string }>("POST", "/v1/workspace/rooms", {
    project_id: fixture.main.projectId,
    name: "cpu per request",
  });
  const lister = new Api(base);
  const listOrg = fixture.lists[0];
  if (!listOrg) throw new Error("the fixture has no list org");
  await lister.login(listOrg.email, fixture.password);
  const acceptEncoding: Record<string, string> = process.env.CPU_ACCEPT_ENCODING
    ? { "accept-encoding": process.env.CPU_ACCEPT_ENCODING }
    : {};
  const targets: Record<string, LoadTarget> = {
    floor: { url: `${base}/healthz`, headers: acceptEncoding },
    token: {
      url: `${base}/v1/auth/tokens/room`,
      method: "POST",
      headers: {
        authorization: `Bearer ${key.project_key}`,
        "content-type": "application/json",
        ...acceptEncoding,
      },
      body: JSON.stringify({ roomId: room.id, identity: "bench-user", role: "publisher" }),
    },
    list: {
      url: `${base}/v1/workspace/rooms?limit=50`,
      headers: { authorization: `Bearer ${lister.token}`, accept: "application/json", ...acceptEncoding },
    },
  };
  const perRound: Record<string, { main: number[]; all: number[]; rps: number[] }> = {};
  for (let r = 0; r < rounds; r++) {
    for (const name of names) {
      const target = targets[name];
      if (!target) throw new Error(`unknown target ${name} (floor, token, list)`);
      const main0 = cpuMs(pid, pid);
      const all0 = cpuMs(pid);
      const res = await closedLoop(target, concurrency, seconds, { warmupMs: 500 });
      const main1 = cpuMs(pid, pid);
      const all1 = cpuMs(pid);
      if (res.failures > 0) throw new Error(`${name}: ${res.failures} requests failed`);
      if (r === 0) continue;
      // The CPU read spans the ramp too: its requests (one per connection at least) are counted.
      const requests = res.requests + concurrency;
      const row = perRound[name] ?? { main: [], all: [], rps: [] };
      perRound[name] = row;
      row.main.push((main1 - main0) / requests);
      row.all.push((all1 - all0) / requests);
      row.rps.push(res.rps);
    }
  }
  const floor = perRound.floor;
  say(
    `${rounds - 1} rounds of ${seconds} s at ${concurrency} concurrent (${databaseUrl ? "PostgreSQL" : "embedded"})`,
  );
  console.log(
    "| target | main thread ms/req (median) | whole process ms/req | req/s (median) | main ÷ floor, per round |",
  );
  console.log("| --- | ---: | ---: | ---: | --- |");
  for (const [name, row] of Object.entries(perRound)) {
    const ratios = floor
      ? row.main.map((m, i) => (m / (floor.main[i] ?? Number.NaN)).toFixed(2)).join(", ")
      : "";
    console.log(
      `| ${name} | ${median(row.main).toFixed(3)} | ${median(row.all).toFixed(3)} | ${Math.round(median(row.rps))} | ${name === "floor" ? "" : ratios} |`,
    );
  }
} finally {
  await stopGroup(server);
}
