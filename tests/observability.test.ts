import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { overrideEnvForTests, parseEnv } from "@/lib/env";
import { call, expectProblem } from "./helpers/app";
import { createOrg } from "./helpers/fixtures";
import { roomObject } from "./helpers/webhook-fixtures";

/** Traces (an in-memory exporter stands in for the OTLP collector) and the /metrics endpoint. */
/** These tests exercise delivery, not bodies: any object goes. */

const logLines = vi.hoisted(() => [] as string[]);
vi.mock("pino", async (importOriginal) => {
  const real = await importOriginal<{ default: typeof import("pino").pino }>();
  const pino = real.default;
  const sink = { write: (line: string) => void logLines.push(line) };
  const wrapped = Object.assign(
    (opts: Parameters<typeof pino>[0]) => pino({ ...opts, level: "info" }, sink),
    pino,
  );
  return { ...real, default: wrapped };
});

/** The value of the first sample of `name` whose labels include `labels` (label order as printed). */
function sample(text: string, name: string, labels: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(" ") + 1));
}

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const METRICS_TOKEN = "metrics-token-for-tests-0123456789";

beforeAll(() => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
});
afterAll(async () => {
  trace.disable();
  context.disable();
  await provider.shutdown();
  overrideEnvForTests({});
});

describe("traces", () => {
  it("opens a span per API request whose request id and trace id match the request's log lines", async () => {
    const org = await createOrg();
    const res = await call("GET", "/v1/workspace/projects", {
      token: org.members.Owner.token,
      headers: { "x-request-id": "req-trace-test-1" },
    });
    expect(res.status).toBe(200);
    const span = exporter
      .getFinishedSpans()
      .find((s) => s.attributes["svc.request_id"] === "req-trace-test-1");
    expect(span?.name).toBe("GET /v1/workspace/projects");
    expect(span?.attributes["http.response.status_code"]).toBe(200);
    const line = logLines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.request_id === "req-trace-test-1" && l.msg === "request");
    expect(line?.trace_id).toBe(span?.spanContext().traceId);
  });

  it("marks a failing request's span with its status", async () => {
    await call("GET", "/v1/workspace/projects", { headers: { "x-request-id": "req-trace-test-2" } });
    const span = exporter
      .getFinishedSpans()
      .find((s) => s.attributes["svc.request_id"] === "req-trace-test-2");
    expect(span?.attributes["http.response.status_code"]).toBe(401);
  });

  it("opens a db.query span per statement, inside transactions too, with the text and never the values", async () => {
    const { sql } = await import("drizzle-orm");
    const { tracePglite, tracePostgres } = await import("@/lib/observability/trace-db");
    const parent = trace.getTracer("test").startSpan("parent");
    const secret = "value-that-must-not-be-traced";
    await context.with(trace.setSpan(context.active(), parent), async () => {
      if (process.env.DATABASE_URL) {
        const { default: postgres } = await import("postgres");
        const { drizzle } = await import("drizzle-orm/postgres-js");
        const client = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
        const db = drizzle(tracePostgres(client));
        await db.execute(sql`select ${secret}::text as v`);
        await db.transaction(async (tx) => {
          await tx.execute(sql`select 2 as two`);
        });
        await client.end();
      } else {
        const { PGlite } = await import("@electric-sql/pglite");
        const { drizzle } = await import("drizzle-orm/pglite");
        const client = await PGlite.create();
        const db = drizzle(tracePglite(client));
        await db.execute(sql`select ${secret}::text as v`);
        await db.transaction(async (tx) => {
          await tx.execute(sql`select 2 as two`);
        });
        await client.close();
      }
    });
    parent.end();
    const spans = exporter
      .getFinishedSpans()
      .filter((s) => s.name === "db.query" && s.parentSpanContext?.spanId === parent.spanContext().spanId);
    const texts = spans.map((s) => String(s.attributes["db.query.text"]));
    expect(texts).toContain("select $1::text as v");
    expect(texts).toContain("select 2 as two");
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain(secret);
  }, 120_000); // a fresh PGlite takes long to boot on a busy machine

  it("is off without OTEL_EXPORTER_OTLP_ENDPOINT and refuses a malformed one", () => {
    expect(parseEnv({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(() => parseEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: "not a url" })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT/,
    );
  });
});

describe("background work", () => {
  it("traces and counts webhook POSTs, email sends and job passes", async () => {
    const { getDb } = await import("@/lib/db");
    const { insertEmail } = await import("./helpers/email-fixtures");
    const { transactionWithJobs } = await import("@/lib/jobs/transaction");
    const { recordEvent } = await import("@/lib/webhooks/outbox/record-event");
    const { claimDueDeliveries } = await import("@/lib/webhooks/delivery/claim");
    const { runClaimedAttempt } = await import("@/lib/webhooks/delivery/attempt-delivery");
    const { claimDueEmails } = await import("@/lib/email/claim-emails");
    const { deliverClaimedEmail } = await import("@/lib/email/deliver-email");
    const { observeJob } = await import("@/lib/observability/instrument");
    const { startHttpsReceiver, testCertificate } = await import("./helpers/https-receiver");
    const { registerWebhook } = await import("./helpers/webhook-fixtures");
    overrideEnvForTests({ SVC_WEBHOOK_CA_FILE: testCertificate().caFile, SVC_METRICS_TOKEN: METRICS_TOKEN });
    const rx = await startHttpsReceiver();
    try {
      const db = await getDb();
      const org = await createOrg();
      await registerWebhook(org, rx.url, ["room.ended"]);
      await transactionWithJobs(db, (tx) =>
        recordEvent(tx, {
          type: "room.ended",
          orgId: org.id,
          projectId: org.projectId,
          object: roomObject(org.projectId),
        }),
      );
      await observeJob("test-pass", async () => {
        const [row] = await claimDueDeliveries(db, new Date(Date.now() + 1_000), 1);
        if (!row) throw new Error("no delivery due");
        await runClaimedAttempt(db, row);
      });
      await insertEmail(org.id);
      const now = new Date(Date.now() + 1_000);
      const [email] = await claimDueEmails(db, org.id, now);
      if (!email) throw new Error("no email due");
      await deliverClaimedEmail(db, email, now);
    } finally {
      await rx.close();
    }
    const spans = exporter.getFinishedSpans();
    const job = spans.find((s) => s.name === "job test-pass");
    const post = spans.find((s) => s.name === "webhook.post");
    expect(post?.attributes["http.response.status_code"]).toBe(200);
    expect(post?.parentSpanContext?.spanId).toBe(job?.spanContext().spanId);
    expect(spans.find((s) => s.name === "email.send")?.attributes["svc.email_outcome"]).toBe("sent");
    const scraped = (await call("GET", "/metrics", { token: METRICS_TOKEN })).text;
    expect(sample(scraped, "webhook_delivery_attempts_total", 'outcome="succeeded"')).toBeGreaterThan(0);
    expect(sample(scraped, "webhook_delivery_lag_seconds_count", "")).toBeGreaterThan(0);
    expect(sample(scraped, "email_sends_total", 'outcome="sent"')).toBeGreaterThan(0);
    expect(sample(scraped, "background_job_duration_seconds_count", 'job="test-pass",outcome="ok"')).toBe(1);
  });
});

describe("/metrics", () => {
  it("is absent (404) without SVC_METRICS_TOKEN", async () => {
    overrideEnvForTests({ SVC_METRICS_TOKEN: undefined });
    expectProblem(await call("GET", "/metrics"), 404, "not_found");
  });

  it("refuses a missing or wrong bearer token with 401", async () => {
    overrideEnvForTests({ SVC_METRICS_TOKEN: METRICS_TOKEN });
    const missing = await call("GET", "/metrics");
    expectProblem(missing, 401, "unauthenticated");
    expect(missing.headers.get("www-authenticate")).toContain("Bearer");
    expectProblem(await call("GET", "/metrics", { token: `${METRICS_TOKEN}x` }), 401, "unauthenticated");
    expectProblem(await call("GET", "/metrics", { token: "short" }), 401, "unauthenticated");
  });

  it("exposes request latency by route template and status, queue depths, event-loop lag and memory", async () => {
    overrideEnvForTests({ SVC_METRICS_TOKEN: METRICS_TOKEN });
    await call("GET", "/v1/workspace/projects/prj_AbCdEfGhIjKlMnOp/api-keys");
    const res = await call("GET", "/metrics", { token: METRICS_TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.text).toMatch(
      /http_request_duration_seconds_count\{service="svc-control-plane",method="GET",route="\/v1\/workspace\/projects\/\{projectId\}\/api-keys",status="401"\} [1-9]/,
    );
    expect(res.text).toMatch(/queue_depth\{queue="deliveries",state="due",service="svc-control-plane"\} 0/);
    expect(res.text).toMatch(/queue_depth\{queue="emails",state="held",service="svc-control-plane"\} 0/);
    expect(res.text).toContain("nodejs_eventloop_lag_seconds");
    expect(res.text).toContain("process_resident_memory_bytes");
    expect(res.text).toContain("# TYPE webhook_delivery_attempts_total counter");
    expect(res.text).toContain("# TYPE webhook_delivery_lag_seconds histogram");
  });

  it("labels come from the route table: 1,000 random paths add no series (issue 33.5)", async () => {
    overrideEnvForTests({ SVC_METRICS_TOKEN: METRICS_TOKEN });
    const series = async () =>
      (await call("GET", "/metrics", { token: METRICS_TOKEN })).text
        .split("\n")
        .filter((l) => l.startsWith("http_request_duration_seconds_count{"));
    const minted: string[] = [];
    const random = () => {
      const r = `r${Math.random().toString(36).slice(2, 12)}`;
      minted.push(r);
      return r;
    };
    const makers = [
      () => `/storage/${random()}/${random()}`,
      () => `/v1/workspace/projects/${random()}/api-keys`,
      () => `/v1/workspace/webhooks/${random()}/deliveries/${random()}/redeliver`,
      () => `/v1/workspace/rooms/${random()}`,
    ];
    // Warm every route and status once, then count: the random paths must add nothing.
    for (const make of makers) await call("GET", make());
    const before = await series();
    for (let i = 0; i < 1000; i++) {
      const make = makers[i % makers.length] ?? (() => "/storage/x");
      await call(i % 7 === 0 ? "POST" : "GET", make());
    }
    const after = await series();
    expect(after.length).toBeLessThanOrEqual(before.length + 5);
    expect(after.length).toBeLessThan(60);
    const labels = after.join("\n");
    expect(minted.filter((r) => labels.includes(r))).toEqual([]);
    expect(after.join("\n")).toContain('route="/storage/{path}"');
    expect(after.join("\n")).toContain('route="/v1/workspace/rooms/{roomId}"');
  }, 120_000);

  it("refuses a short SVC_METRICS_TOKEN at start", () => {
    expect(() => parseEnv({ SVC_METRICS_TOKEN: "short" })).toThrow(/SVC_METRICS_TOKEN: must be at least 16/);
  });
});
