/**
 * The fairness section of `npm run bench` (docs/decisions/1023, 1230), in-process on the embedded
 * worker and loopback HTTPS receivers, on the database the environment names (DATABASE_URL:
 * PostgreSQL, migrated here; otherwise PGlite in SVC_DATA_DIR). Org "calm" (10 healthy endpoints,
 * events sent one after another) is measured alone, then beside each of three noisy shapes:
 *
 * - `hanging`: one org whose 50 endpoints hang for the whole attempt timeout, a backlog of 5,000;
 * - `capped`: ten orgs at their caps (5 hanging endpoints each, a backlog of 500 each);
 * - `flood`: one org sending a sustained 500 events/s to 2 healthy endpoints.
 *
 * Each window lasts until calm has at least FAIRNESS_CALM_DELIVERIES deliveries (3,000) and
 * FAIRNESS_CALM_MS (20 s) have passed: long enough to be steady. Figures: calm's deliveries/s and
 * event-to-first-attempt p50/p99 in each window; the noisy orgs' deliveries (none lost; the flood's
 * all arrive); the worker's claim statement per pass (ms) with 0, 1 and 10 orgs at their caps; the
 * load average at each window. A warm-up org goes first (not measured).
 *
 *   BENCH_SECTIONS=fairness npm run bench      (both databases, no build)
 *   or: SVC_DATA_DIR=… NEXTAUTH_SECRET=… SVC_ENCRYPTION_KEY=… tsx bench/fairness.mts
 *   FAIRNESS_TRACE=path.json  the flood shape's worker state every 500 ms (queued, sending,
 *                             started, arrivals per group): where calm's deliveries wait
 */
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { makeCertificate } from "./lib/receiver.mjs";

const CALM_ENDPOINTS = 10;
const CALM_DELIVERIES = Number(process.env.FAIRNESS_CALM_DELIVERIES ?? 3_000);
const CALM_MS = Number(process.env.FAIRNESS_CALM_MS ?? 20_000);
const FLOOD_PER_S = Number(process.env.FAIRNESS_FLOOD_PER_S ?? 500);
const SHAPES = (process.env.FAIRNESS_SHAPES ?? "hanging,capped,flood").split(",");

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fairness-"));
const tls = makeCertificate(dir);
process.env.SVC_WEBHOOK_CA_FILE = tls.certFile;
if (!process.env.DATABASE_URL) process.env.SVC_DATA_DIR ??= path.join(dir, "data");
process.env.LOG_LEVEL = "silent";

/** Arrival time (epoch ms) of each delivery's first request, by X-SVC-Webhook-Id. */
const arrivals = new Map<string, number>();
/** First requests per receiver group ("calm", "flood", …). */
const arrived = new Map<string, number>();
const servers: { group: string; server: https.Server }[] = [];
const cert = { key: fs.readFileSync(tls.keyFile), cert: fs.readFileSync(tls.certFile) };

/**
 * One receiver per endpoint, each on its own port: the delivery agent pools sockets per host and
 * port, as it would per customer host in production.
 */
async function receiver(group: string, hang: boolean): Promise<number> {
  const server = https.createServer(cert, (req, res) => {
    const id = String(req.headers["x-svc-webhook-id"]);
    req.resume();
    req.on("end", () => {
      if (hang) return; // never answers: the sender's timeout ends it
      if (!arrivals.has(id)) {
        arrivals.set(id, Date.now());
        arrived.set(group, (arrived.get(group) ?? 0) + 1);
      }
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push({ group, server });
  return (server.address() as AddressInfo).port;
}

if (process.env.DATABASE_URL) {
  const { migratePostgres } = await import("@/lib/db");
  await migratePostgres(process.env.DATABASE_URL);
}
const { getDb, closeDb, getDbDriver } = await import("@/lib/db");
const { orgs, projects, deliveries } = await import("@/db/schema");
const { and, count, eq, gt, inArray } = await import("drizzle-orm");
const { newId } = await import("@/lib/ids");
const { createWebhook } = await import("@/lib/webhooks/create-webhook");
const { transactionWithJobs } = await import("@/lib/jobs/transaction");
const { recordEvent } = await import("@/lib/webhooks/outbox/record-event");
const { startJobs, stopJobs } = await import("@/lib/jobs/start-jobs");
const { schedulerStats } = await import("@/lib/webhooks/delivery/deliver-due");
const db = await getDb();
const database = await getDbDriver();

interface Org {
  orgId: string;
  projectId: string;
  group: string;
  endpoints: number;
}

async function org(name: string, group: string, endpoints: number, hang: boolean): Promise<Org> {
  const orgId = newId("org");
  await db.insert(orgs).values({ id: orgId, name, planSelected: true });
  const projectId = newId("project");
  await db
    .insert(projects)
    .values({ id: projectId, orgId, name: "Main", slug: `main-${orgId.slice(-8).toLowerCase()}` });
  for (let n = 0; n < endpoints; n++) {
    const port = await receiver(group, hang);
    await createWebhook(
      db,
      { orgId, projectId: null },
      { url: `https://127.0.0.1:${port}/hook/${n}`, events: ["room.created"] },
    );
  }
  return { orgId, projectId, group, endpoints };
}

const emit = (o: Org, i: number) =>
  transactionWithJobs(db, (tx) =>
    recordEvent(tx, {
      type: "room.created",
      orgId: o.orgId,
      projectId: o.projectId,
      object: {
        id: newId("room"),
        name: `room ${i}`,
        type: "meeting",
        state: "created",
        project_id: o.projectId,
        short_code: "abc-defg-hij",
        created_at: new Date().toISOString(),
      },
    }),
  );

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const load1 = () => Number((os.loadavg()[0] ?? 0).toFixed(2));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(probe: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    await sleep(50);
  }
  return false;
}

/**
 * Calm's window: events one after another until both minimums are met, then every delivery's
 * arrival: deliveries/s from the first event to the last arrival, event-to-first-attempt lags,
 * and the worker's claim cost per pass meanwhile.
 */
async function measureCalm(o: Org, minDeliveries = CALM_DELIVERIES, minMs = CALM_MS) {
  const before = schedulerStats();
  const arrivedBefore = arrived.get(o.group) ?? 0;
  const t0 = Date.now();
  let events = 0;
  while (events * o.endpoints < minDeliveries || Date.now() - t0 < minMs) await emit(o, events++);
  const expected = events * o.endpoints;
  const complete = await until(() => (arrived.get(o.group) ?? 0) - arrivedBefore >= expected, 180_000);
  const after = schedulerStats();
  const rows = await db
    .select({ webhookId: deliveries.webhookId, createdAt: deliveries.createdAt })
    .from(deliveries)
    .where(eq(deliveries.orgId, o.orgId));
  const lags = rows.map(
    (r) => (arrivals.get(r.webhookId) ?? Number.POSITIVE_INFINITY) - r.createdAt.getTime(),
  );
  const last = Math.max(...rows.map((r) => arrivals.get(r.webhookId) ?? Date.now()));
  const claims = after.claims - before.claims;
  return {
    deliveries: rows.length,
    complete,
    window_s: Number(((last - t0) / 1000).toFixed(1)),
    per_s: Math.round((rows.length / (last - t0)) * 1000),
    p50_ms: pct(lags, 50),
    p99_ms: pct(lags, 99),
    claim_ms_per_pass: claims > 0 ? Number(((after.claimMs - before.claimMs) / claims).toFixed(2)) : null,
    // Rows chosen plus orgs and endpoints whose places were counted, per claim: the claim's work
    // independent of the machine's load (its milliseconds on a shared machine are mostly waiting).
    claim_work_per_pass:
      claims > 0 ? Number(((after.claimWork - before.claimWork) / claims).toFixed(1)) : null,
    pass_ms: Number(((after.passMs - before.passMs) / Math.max(1, after.passes - before.passes)).toFixed(2)),
    passes: after.passes - before.passes,
    rows_per_claim: claims > 0 ? Number(((after.claimed - before.claimed) / claims).toFixed(1)) : null,
    load: load1(),
  };
}

/** The noisy orgs' deliveries by state: none may be lost (dropped, cancelled, skipped). */
async function noisyStates(list: Org[]) {
  const rows = await db
    .select({ status: deliveries.status, n: count() })
    .from(deliveries)
    .where(
      inArray(
        deliveries.orgId,
        list.map((o) => o.orgId),
      ),
    )
    .groupBy(deliveries.status);
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function inFlight(list: Org[]) {
  const [row] = await db
    .select({ n: count() })
    .from(deliveries)
    .where(
      and(
        inArray(
          deliveries.orgId,
          list.map((o) => o.orgId),
        ),
        gt(deliveries.lockedUntil, new Date()),
      ),
    );
  return row?.n ?? 0;
}

/** Ends a shape: its pending deliveries cancelled, its hanging requests cut, its attempts over. */
async function tearDown(list: Org[]) {
  await db
    .update(deliveries)
    .set({ status: "cancelled", lockedUntil: null })
    .where(
      and(
        inArray(
          deliveries.orgId,
          list.map((o) => o.orgId),
        ),
        eq(deliveries.status, "pending"),
      ),
    );
  const groups = new Set(list.map((o) => o.group));
  for (const s of servers) if (groups.has(s.group)) s.server.closeAllConnections();
  await until(() => schedulerStats().inFlight === 0, 30_000);
}

/** A backlog: `events` events to each org, sent as fast as they commit. */
async function backlog(list: Org[], events: number) {
  for (const o of list) for (let i = 0; i < events; i++) await emit(o, i);
}

startJobs(["deliver-due-webhooks", "vacuum-embedded"]);
const loadAtStart = load1();
await measureCalm(await org("warm-up", "warm-up", CALM_ENDPOINTS, false), 1_000, 2_000);
const alone = await measureCalm(await org("calm alone", "calm-alone", CALM_ENDPOINTS, false));
console.log(
  `fairness (${database}): calm alone ${alone.per_s}/s, p99 ${alone.p99_ms} ms, load ${alone.load}`,
);

const shapes: Record<string, Record<string, unknown>> = {};

if (SHAPES.includes("hanging")) {
  const noisy = [await org("noisy hanging", "hanging", 50, true)];
  await backlog(noisy, 100); // 5,000 deliveries
  await until(async () => (await inFlight(noisy)) >= 64, 10_000);
  const noisyInFlight = await inFlight(noisy);
  const calm = await measureCalm(await org("calm beside hanging", "calm-hanging", CALM_ENDPOINTS, false));
  const states = await noisyStates(noisy);
  await tearDown(noisy);
  shapes.hanging = {
    ...calm,
    ratio: calm.per_s / alone.per_s,
    noisy_in_flight: noisyInFlight,
    noisy: states,
  };
}

if (SHAPES.includes("capped")) {
  const noisy: Org[] = [];
  for (let i = 0; i < 10; i++) noisy.push(await org(`noisy capped ${i}`, `capped-${i}`, 5, true));
  await backlog(noisy, 100); // 500 deliveries each
  await until(async () => (await inFlight(noisy)) >= 640, 15_000);
  const noisyInFlight = await inFlight(noisy);
  const calm = await measureCalm(await org("calm beside capped", "calm-capped", CALM_ENDPOINTS, false));
  const states = await noisyStates(noisy);
  await tearDown(noisy);
  shapes.capped = { ...calm, ratio: calm.per_s / alone.per_s, noisy_in_flight: noisyInFlight, noisy: states };
}

if (SHAPES.includes("flood")) {
  const flood = await org("noisy flood", "flood", 2, false);
  let sent = 0;
  let stop = false;
  const floodStart = Date.now();
  // Paced: event n goes at floodStart + n / rate, several in flight when commits lag.
  const sender = async () => {
    while (!stop) {
      const at = floodStart + (sent * 1000) / FLOOD_PER_S;
      if (at > Date.now()) await sleep(at - Date.now());
      if (stop) break;
      await emit(flood, sent++);
    }
  };
  const senders = Array.from({ length: 8 }, sender);
  await sleep(2_000); // the flood is on before calm's window
  const trace: unknown[] = [];
  const sampler = process.env.FAIRNESS_TRACE
    ? setInterval(() => {
        const s = schedulerStats();
        trace.push({
          t: Date.now() - floodStart,
          sent,
          sending: s.sending,
          started: s.started,
          queued: s.queued,
          later: s.later,
          inFlight: s.inFlight,
          passes: s.passes,
          calm: arrived.get("calm-flood") ?? 0,
          flood: arrived.get("flood") ?? 0,
        });
      }, 500)
    : undefined;
  const calm = await measureCalm(await org("calm beside flood", "calm-flood", CALM_ENDPOINTS, false));
  stop = true;
  clearInterval(sampler);
  if (process.env.FAIRNESS_TRACE) fs.writeFileSync(process.env.FAIRNESS_TRACE, JSON.stringify(trace));
  await Promise.all(senders);
  const floodSeconds = (Date.now() - floodStart) / 1000;
  const expected = sent * flood.endpoints;
  const drainStart = Date.now();
  const allArrived = await until(() => (arrived.get("flood") ?? 0) >= expected, 300_000);
  shapes.flood = {
    ...calm,
    ratio: calm.per_s / alone.per_s,
    flood_events_per_s: Math.round(sent / floodSeconds),
    noisy_deliveries: expected,
    noisy_arrived: arrived.get("flood") ?? 0,
    noisy_all_arrived: allArrived,
    drain_s: Number(((Date.now() - drainStart) / 1000).toFixed(1)),
  };
}

const worst = Object.entries(shapes).reduce<[string, Record<string, unknown>] | undefined>(
  (w, s) => (!w || Number(s[1].ratio) < Number(w[1].ratio) ? s : w),
  undefined,
);
const p99s = Object.values(shapes).map((s) => Number(s.p99_ms));
const claimCapped = shapes.capped?.claim_ms_per_pass;
const result = {
  database,
  load_at_start: loadAtStart,
  load_at_end: load1(),
  calm_alone_per_s: alone.per_s,
  calm_loaded_per_s: worst ? worst[1].per_s : null,
  ratio: worst ? Number(Number(worst[1].ratio).toFixed(3)) : null,
  worst_shape: worst?.[0] ?? null,
  calm_loaded_p99_ms: p99s.length > 0 ? Math.max(...p99s) : null,
  claim_work_per_pass: {
    capped_orgs_0: alone.claim_work_per_pass,
    capped_orgs_1: shapes.hanging?.claim_work_per_pass ?? null,
    capped_orgs_10: shapes.capped?.claim_work_per_pass ?? null,
  },
  claim_ms_per_pass: {
    capped_orgs_0: alone.claim_ms_per_pass,
    capped_orgs_1: shapes.hanging?.claim_ms_per_pass ?? null,
    capped_orgs_10: claimCapped ?? null,
    ratio_10_to_0:
      typeof claimCapped === "number" && alone.claim_ms_per_pass
        ? Number((claimCapped / alone.claim_ms_per_pass).toFixed(2))
        : null,
  },
  alone,
  shapes,
};
for (const [name, s] of Object.entries(shapes)) {
  console.log(
    `  beside ${name}: ${s.per_s}/s (${(Number(s.ratio) * 100).toFixed(0)} %), p50 ${s.p50_ms} ms, p99 ${s.p99_ms} ms, claim ${s.claim_ms_per_pass} ms/pass, load ${s.load}`,
  );
}
console.log(`  claim per pass: ${JSON.stringify(result.claim_ms_per_pass)}`);
console.log(`  claim work per pass: ${JSON.stringify(result.claim_work_per_pass)}`);
if (process.env.FAIRNESS_OUT) fs.writeFileSync(process.env.FAIRNESS_OUT, JSON.stringify(result, null, 2));
for (const { server } of servers) {
  server.closeAllConnections();
  server.close();
}
await stopJobs();
await closeDb();
process.exit(0);
