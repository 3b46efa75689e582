import fs from "node:fs";
import path from "node:path";
import { Api, pool } from "../lib/api.mjs";
import { bin, mustSucceed, ROOT, run } from "../lib/proc.mjs";
import type { Receiver } from "../lib/receiver.mjs";
import { percentile, ratio, round } from "../lib/stats.mjs";
import type { BenchOrg } from "../prepare.mjs";

export interface DeliveryScenario {
  endpoints: number;
  events: number;
  expected: number;
  /** Distinct deliveries whose first attempt arrived. */
  delivered: number;
  /** Of those, how many carried a valid signature for their endpoint's secret. */
  signed_ok: number;
  /** Arrivals beyond the first attempt (retries): should be 0 against a receiver that answers 200. */
  retries: number;
  seconds: number | null;
  per_second: number | null;
  event_to_attempt_p50_ms: number | null;
  event_to_attempt_p99_ms: number | null;
}

export interface BaselineRun {
  sent: number;
  ok: number;
  ms: number;
  per_second: number;
}

export interface DeliveryResult {
  /** Fan-out capacity: the 100-endpoint figure (1 endpoint is bound by how fast rooms are created). */
  per_second: number | null;
  baseline_per_second: number | null;
  ratio: number | null;
  /** Event written (outbox) to first attempt received, with 1 endpoint. */
  event_to_attempt_p50_ms: number | null;
  event_to_attempt_p99_ms: number | null;
  one_endpoint: DeliveryScenario;
  hundred_endpoints: DeliveryScenario;
  baseline_keepalive: BaselineRun | null;
  /** The same loop with a new TLS connection per request (the app keeps connections alive per receiver). */
  baseline_new_connection: BaselineRun | null;
}

async function createEndpoint(api: Api, receiver: Receiver, n: number): Promise<void> {
  const created = await api.call<{ signing_secret: string }>("POST", "/v1/workspace/webhooks", {
    url: `https://127.0.0.1:${receiver.port}/e/${n}`,
    events: ["room.created"],
    description: `bench endpoint ${n}`,
  });
  receiver.secrets.set(n, created.signing_secret);
}

async function scenario(
  api: Api,
  receiver: Receiver,
  projectId: string,
  endpoints: number,
  events: number,
  timeoutMs: number,
): Promise<DeliveryScenario> {
  receiver.reset();
  const expected = endpoints * events;
  await pool(events, 4, (i) =>
    api.call("POST", "/v1/workspace/rooms", { project_id: projectId, name: `bench hook room ${i}` }),
  );
  await receiver.waitForApp(expected, timeoutMs);
  const firsts = new Map<string, (typeof receiver.arrivals)[number]>();
  let retries = 0;
  for (const a of receiver.appArrivals()) {
    if (a.attempt === 1 && !firsts.has(a.webhookId)) firsts.set(a.webhookId, a);
    else retries++;
  }
  const list = [...firsts.values()];
  // For analysis: every first arrival (event time, arrival time, endpoint) as JSON lines.
  const dump = process.env.BENCH_DELIVERY_DUMP;
  if (dump) {
    fs.appendFileSync(
      dump,
      `${list.map((a) => JSON.stringify({ endpoints, e: a.eventAt, a: a.arrivedAt, n: a.endpoint })).join("\n")}\n`,
    );
  }
  const latencies = list.map((a) => a.arrivedAt - a.eventAt).filter(Number.isFinite);
  const start = Math.min(...list.map((a) => a.eventAt).filter(Number.isFinite));
  const end = Math.max(...list.map((a) => a.arrivedAt));
  const seconds = list.length > 0 && end > start ? (end - start) / 1000 : null;
  return {
    endpoints,
    events,
    expected,
    delivered: list.length,
    signed_ok: list.filter((a) => a.signatureOk).length,
    retries,
    seconds: round(seconds),
    per_second: seconds ? round(list.length / seconds) : null,
    event_to_attempt_p50_ms: round(percentile(latencies, 50)),
    event_to_attempt_p99_ms: round(percentile(latencies, 99)),
  };
}

/**
 * Against the running app: one org-wide endpoint subscribed to room.created, `oneEvents` rooms
 * created (4 at a time); then 100 endpoints and `hundredEvents` rooms (100 deliveries each).
 */
export async function appDeliveries(
  base: string,
  org: BenchOrg,
  password: string,
  receiver: Receiver,
  counts: { oneEvents: number; hundredEvents: number; waitMs: number },
): Promise<{ one: DeliveryScenario; hundred: DeliveryScenario }> {
  const api = new Api(base);
  await api.login(org.email, password);
  await createEndpoint(api, receiver, 0);
  // Each wait is bounded: a slow app reports what arrived in time (delivered < expected).
  const one = await scenario(api, receiver, org.projectId, 1, counts.oneEvents, counts.waitMs);
  await pool(99, 4, (i) => createEndpoint(api, receiver, i + 1));
  const hundred = await scenario(
    api,
    receiver,
    org.projectId,
    100,
    counts.hundredEvents,
    counts.waitMs * 1.5,
  );
  return { one, hundred };
}

/** The bare undici loop (bench/baselines/webhook-post-loop.mts) in its own process. */
export async function baselineDeliveries(
  receiver: Receiver,
  caFile: string,
  count: number,
  mode: "keepalive" | "close",
): Promise<BaselineRun> {
  const secret = "whsec_baseline-secret";
  receiver.secrets.set(-1, secret);
  const r = await run(
    bin("tsx"),
    [
      path.join(ROOT, "bench", "baselines", "webhook-post-loop.mts"),
      `https://127.0.0.1:${receiver.port}/baseline`,
      String(count),
      "16",
      mode,
      caFile,
      secret,
    ],
    { ...process.env },
    { timeoutMs: 120_000 },
  );
  mustSucceed(`webhook baseline (${mode})`, r);
  const out = JSON.parse(r.stdout.trim().split("\n").pop() ?? "{}") as BaselineRun;
  return { ...out, per_second: round(out.per_second) ?? 0 };
}

export function combineDelivery(
  app: { one: DeliveryScenario; hundred: DeliveryScenario },
  keepalive: BaselineRun | null,
  close: BaselineRun | null,
): DeliveryResult {
  return {
    per_second: app.hundred.per_second,
    baseline_per_second: keepalive?.per_second ?? null,
    ratio: ratio(app.hundred.per_second, keepalive?.per_second),
    event_to_attempt_p50_ms: app.one.event_to_attempt_p50_ms,
    event_to_attempt_p99_ms: app.one.event_to_attempt_p99_ms,
    one_endpoint: app.one,
    hundred_endpoints: app.hundred,
    baseline_keepalive: keepalive,
    baseline_new_connection: close,
  };
}
