/**
 * A micro-measurement of the embedded delivery path, without Next.js or the API: one org, 100
 * endpoints on a loopback HTTPS receiver (a child process), `events` events recorded through the
 * outbox (4 at a time, like the bench), delivered by the `deliver-due-webhooks` worker in this
 * process. Prints deliveries/s, this process's CPU ms per delivery and the event → arrival p50/p99.
 *
 *   DATABASE_URL=postgres://…/db (migrated) or SVC_DATA_DIR=… (PGlite), SVC_ENCRYPTION_KEY,
 *   NEXTAUTH_SECRET set; then: tsx bench/delivery-loop.mts [events=20] [endpoints=100]
 */
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeCertificate, Receiver } from "./lib/receiver.mjs";

if (process.argv[2] === "receiver") {
  const tls = JSON.parse(process.argv[3] ?? "{}") as { keyFile: string; certFile: string };
  const rx = new Receiver(tls);
  const port = await rx.start();
  process.send?.({ port });
  process.on("message", (m: { want?: number; secrets?: [number, string][] }) => {
    if (m.secrets) for (const [n, s] of m.secrets) rx.secrets.set(n, s);
    if (m.want !== undefined) {
      const want = m.want;
      rx.waitForApp(want, 60_000).then(() => {
        const list = rx.appArrivals();
        process.send?.({
          arrivals: list.map((a) => [a.eventAt, a.arrivedAt, a.signatureOk ? 1 : 0]),
        });
      });
    }
  });
} else {
  const events = Number(process.argv[2] ?? 20);
  const endpointCount = Number(process.argv[3] ?? 100);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "delivery-loop-"));
  const tls = makeCertificate(dir);
  process.env.SVC_WEBHOOK_CA_FILE = tls.certFile;
  const child: ChildProcess = fork(import.meta.filename, ["receiver", JSON.stringify(tls)], {
    execArgv: process.execArgv,
  });
  const port = await new Promise<number>((r) => child.once("message", (m: { port: number }) => r(m.port)));

  const { getDb, closeDb } = await import("@/lib/db");
  const { orgs, projects } = await import("@/db/schema");
  const { newId } = await import("@/lib/ids");
  const { createWebhook } = await import("@/lib/webhooks/create-webhook");
  const { transactionWithJobs } = await import("@/lib/jobs/transaction");
  const { recordEvent } = await import("@/lib/webhooks/outbox/record-event");
  const { startJobs, stopJobs } = await import("@/lib/jobs/start-jobs");
  const db = await getDb();
  const orgId = newId("org");
  await db.insert(orgs).values({ id: orgId, name: "loop", planSelected: true });
  const projectId = newId("project");
  await db
    .insert(projects)
    .values({ id: projectId, orgId, name: "Main", slug: `main-${orgId.slice(-8).toLowerCase()}` });
  const secrets: [number, string][] = [];
  for (let n = 0; n < endpointCount; n++) {
    const w = await createWebhook(
      db,
      { orgId, projectId: null },
      { url: `https://127.0.0.1:${port}/e/${n}`, events: ["room.created"] },
    );
    secrets.push([n, w.signing_secret]);
  }
  child.send({ secrets });
  const expected = events * endpointCount;
  const done = new Promise<[number, number, number][]>((r) =>
    child.once("message", (m: { arrivals: [number, number, number][] }) => r(m.arrivals)),
  );
  child.send({ want: expected });
  // LOOP_CREATE_FIRST=1: all events first, then the worker (delivery alone; creation timed alone).
  const createFirst = process.env.LOOP_CREATE_FIRST === "1";
  if (!createFirst) startJobs(["deliver-due-webhooks"]);
  let cpu0 = process.cpuUsage();
  const t0 = Date.now();
  let next = 0;
  const one = async () => {
    while (next < events) {
      const i = next++;
      await transactionWithJobs(db, (tx) =>
        recordEvent(tx, {
          type: "room.created",
          orgId,
          projectId,
          object: {
            id: `rm_${i}`,
            name: `loop ${i}`,
            type: "meeting",
            state: "created",
            project_id: projectId,
            short_code: "abc-defg-hij",
            created_at: new Date().toISOString(),
          },
        }),
      );
    }
  };
  await Promise.all([one(), one(), one(), one()]);
  const created = Date.now() - t0;
  const createCpu = process.cpuUsage(cpu0);
  if (createFirst) {
    cpu0 = process.cpuUsage();
    startJobs(["deliver-due-webhooks"]);
  }
  const arrivals = await done;
  const cpu = process.cpuUsage(cpu0);
  const start = createFirst ? t0 + created : Math.min(...arrivals.map((a) => a[0]));
  const end = Math.max(...arrivals.map((a) => a[1]));
  const lat = arrivals.map((a) => a[1] - a[0]).sort((a, b) => a - b);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  console.log(
    JSON.stringify({
      delivered: arrivals.length,
      signed_ok: arrivals.filter((a) => a[2]).length,
      created_ms: created,
      create_cpu_ms: Math.round((createCpu.user + createCpu.system) / 1000),
      per_second: Math.round((arrivals.length / (end - start)) * 1000),
      cpu_ms_per_delivery: Math.round((cpuMs / arrivals.length) * 1000) / 1000,
      p50: lat[Math.floor(lat.length / 2)],
      p99: lat[Math.floor(lat.length * 0.99)],
      load: os.loadavg()[0],
    }),
  );
  await stopJobs();
  await closeDb();
  child.kill();
}
