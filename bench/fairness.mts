/**
 * The fairness section of `npm run bench` (docs/decisions/1023), in-process on the embedded
 * worker and loopback HTTPS receivers: org "calm" has 10 healthy endpoints; first unloaded, then
 * while org "noisy" holds 50 endpoints that hang for the whole attempt timeout (10 s) and a
 * backlog of 5,000 deliveries. Prints calm's event-to-first-attempt p50/p99 and its throughput in
 * both runs; targets: loaded p99 <= 1 s and loaded throughput >= 80 % of unloaded. A warm-up org
 * goes first (not measured): the process's first claims and attempts pay for loading modules,
 * planning statements and opening TLS sessions, which a running server paid at its start; the
 * noisy org's attempts in flight are read before calm's events, so the run shows it is loaded.
 *
 *   BENCH_SECTIONS=fairness npm run bench      (runs this alone, no build)
 *   or: SVC_DATA_DIR=… NEXTAUTH_SECRET=… SVC_ENCRYPTION_KEY=… tsx bench/fairness.mts
 */
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { makeCertificate } from "./lib/receiver.mjs";

const CALM_ENDPOINTS = 10;
const CALM_EVENTS = Number(process.env.FAIRNESS_CALM_EVENTS ?? 30);
const NOISY_ENDPOINTS = 50;
const NOISY_BACKLOG = Number(process.env.FAIRNESS_BACKLOG ?? 5_000);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fairness-"));
const tls = makeCertificate(dir);
process.env.SVC_WEBHOOK_CA_FILE = tls.certFile;
process.env.SVC_DATA_DIR ??= path.join(dir, "data");
process.env.LOG_LEVEL = "silent";

/** Arrival time (epoch ms) of each delivery's first request, by X-SVC-Webhook-Id. */
const arrivals = new Map<string, number>();
const servers: https.Server[] = [];
const cert = { key: fs.readFileSync(tls.keyFile), cert: fs.readFileSync(tls.certFile) };

/**
 * One receiver per endpoint, each on its own port: the delivery agent pools sockets per host and
 * port, as it would per customer host in production.
 */
async function receiver(hang: boolean): Promise<number> {
  const server = https.createServer(cert, (req, res) => {
    const id = String(req.headers["x-svc-webhook-id"]);
    req.resume();
    req.on("end", () => {
      if (hang) return; // never answers: the sender's timeout ends it
      if (!arrivals.has(id)) arrivals.set(id, Date.now());
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

const { getDb, closeDb } = await import("@/lib/db");
const { orgs, projects, deliveries } = await import("@/db/schema");
const { and, count, eq, gt } = await import("drizzle-orm");
const { newId } = await import("@/lib/ids");
const { createWebhook } = await import("@/lib/webhooks/create-webhook");
const { transactionWithJobs } = await import("@/lib/jobs/transaction");
const { recordEvent } = await import("@/lib/webhooks/outbox/record-event");
const { startJobs, stopJobs } = await import("@/lib/jobs/start-jobs");
const db = await getDb();

async function org(name: string, endpoints: number, hang: boolean) {
  const orgId = newId("org");
  await db.insert(orgs).values({ id: orgId, name, planSelected: true });
  const projectId = newId("project");
  await db
    .insert(projects)
    .values({ id: projectId, orgId, name: "Main", slug: `main-${orgId.slice(-8).toLowerCase()}` });
  for (let n = 0; n < endpoints; n++) {
    const port = await receiver(hang);
    await createWebhook(
      db,
      { orgId, projectId: null },
      { url: `https://127.0.0.1:${port}/hook/${n}`, events: ["room.created"] },
    );
  }
  return { orgId, projectId };
}

const emit = (o: { orgId: string; projectId: string }, i: number) =>
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

/** Calm's events one after another: event → first attempt per delivery, and deliveries/s. */
async function measureCalm(o: { orgId: string; projectId: string }) {
  const t0 = Date.now();
  for (let i = 0; i < CALM_EVENTS; i++) await emit(o, i);
  const rows = () =>
    db
      .select({ webhookId: deliveries.webhookId, createdAt: deliveries.createdAt })
      .from(deliveries)
      .where(eq(deliveries.orgId, o.orgId));
  const deadline = Date.now() + 120_000;
  let list = await rows();
  while (list.some((r) => !arrivals.has(r.webhookId)) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    list = await rows();
  }
  const lags = list.map(
    (r) => (arrivals.get(r.webhookId) ?? Number.POSITIVE_INFINITY) - r.createdAt.getTime(),
  );
  const last = Math.max(...list.map((r) => arrivals.get(r.webhookId) ?? Date.now()));
  return {
    p50: pct(lags, 50),
    p99: pct(lags, 99),
    perSecond: (list.length / (last - t0)) * 1000,
    count: list.length,
  };
}

startJobs(["deliver-due-webhooks"]);
await measureCalm(await org("warm-up", CALM_ENDPOINTS, false));
const calmA = await org("calm unloaded", CALM_ENDPOINTS, false);
const unloaded = await measureCalm(calmA);

const noisy = await org("noisy", NOISY_ENDPOINTS, true);
for (let i = 0; i < Math.ceil(NOISY_BACKLOG / NOISY_ENDPOINTS); i++) await emit(noisy, i);
// Let the noisy org take every place it may hold before calm's events arrive.
await new Promise((r) => setTimeout(r, 1_000));
const calmB = await org("calm loaded", CALM_ENDPOINTS, false);
const [noisyInFlight] = await db
  .select({ n: count() })
  .from(deliveries)
  .where(and(eq(deliveries.orgId, noisy.orgId), gt(deliveries.lockedUntil, new Date())));
const loaded = await measureCalm(calmB);

const ratio = loaded.perSecond / unloaded.perSecond;
const result = {
  load: os.loadavg().map((l) => Number(l.toFixed(2))),
  noisyInFlight: noisyInFlight?.n ?? 0,
  unloaded,
  loaded,
  throughputRatio: ratio,
  targets: { loadedP99Ms: loaded.p99 <= 1000, throughputRatio: ratio >= 0.8 },
};
console.log("fairness: calm org (10 endpoints) beside a noisy org (50 hanging endpoints, 5,000 backlog)");
console.log(
  `  unloaded: p50 ${unloaded.p50} ms, p99 ${unloaded.p99} ms, ${unloaded.perSecond.toFixed(0)} deliveries/s (${unloaded.count})`,
);
console.log(
  `  loaded:   p50 ${loaded.p50} ms, p99 ${loaded.p99} ms, ${loaded.perSecond.toFixed(0)} deliveries/s (${loaded.count})`,
);
console.log(
  `  noisy attempts in flight when calm's events came: ${result.noisyInFlight}; load average ${result.load.join(", ")}`,
);
console.log(
  `  loaded p99 <= 1 s: ${result.targets.loadedP99Ms ? "yes" : "NO"}; throughput ${(ratio * 100).toFixed(0)} % of unloaded (>= 80 %: ${result.targets.throughputRatio ? "yes" : "NO"})`,
);
if (process.env.FAIRNESS_OUT) fs.writeFileSync(process.env.FAIRNESS_OUT, JSON.stringify(result, null, 2));
for (const server of servers) {
  server.closeAllConnections();
  server.close();
}
await stopJobs();
await closeDb();
process.exit(0);
