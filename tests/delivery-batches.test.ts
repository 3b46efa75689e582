import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, deliveryAttempts, webhookEndpoints, webhookSigningSecrets } from "@/db/schema";
import { encryptSecret } from "@/lib/crypto/secret-box";
import { type Db, getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { runClaimedAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import { claimDueBatch, claimDueDeliveries } from "@/lib/webhooks/delivery/claim";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import { loadTargets } from "@/lib/webhooks/delivery/load-targets";
import type { PostResult } from "@/lib/webhooks/delivery/post-webhook";
import { recordAttempt } from "@/lib/webhooks/delivery/record-attempt";
import type { Verdict } from "@/lib/webhooks/delivery/schedule";
import { UnsignableError } from "@/lib/webhooks/delivery/signed-request";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { startHttpsReceiver, testCertificate } from "./helpers/https-receiver";
import { attemptsOf, deliveriesOf, registerWebhook, roomObject } from "./helpers/webhook-fixtures";

/**
 * docs/decisions/0950: the embedded worker reads the targets of a claimed batch in one statement,
 * and attempts that finish together are recorded in one statement. No receiver here: the
 * attempts' results are made up, so each case is exact.
 */

const HOOK = "https://127.0.0.1:9/hook";
let org: TestOrg;

/** The claim mechanics, apart from the fair shares (tests/fair-delivery.test.ts). */
const UNCAPPED = { SVC_WEBHOOK_ENDPOINT_CONCURRENCY: "64", SVC_WEBHOOK_ORG_CONCURRENCY: "1024" };

beforeAll(async () => {
  overrideEnvForTests(UNCAPPED);
  org = await createOrg();
});

afterAll(() => overrideEnvForTests({}));

/** A fresh endpoint with `count` pending deliveries, all claimed (in creation order). */
async function claimed(count: number) {
  const w = await registerWebhook(org, `${HOOK}?${Math.random()}`, ["room.ended"]);
  return claimedFor(w.id, count);
}

/** A room.ended event of the org (one delivery to each of its endpoints). */
async function emit(name: string): Promise<void> {
  const db = await getDb();
  await transactionWithJobs(db, (tx) =>
    recordEvent(tx, {
      type: "room.ended",
      orgId: org.id,
      projectId: org.projectId,
      object: roomObject(org.projectId, name),
    }),
  );
}

/** `count` new room.ended events; this endpoint's deliveries of them, claimed. */
async function claimedFor(endpointId: string, count: number) {
  const db = await getDb();
  for (let i = 0; i < count; i++) await emit(`room ${i}`);
  const mine = new Set(
    (await deliveriesOf(endpointId)).filter((d) => d.status === "pending").map((d) => d.id),
  );
  const rows = (await claimDueDeliveries(db, new Date(Date.now() + 1_000), 100)).filter((r) =>
    mine.has(r.id),
  );
  expect(rows).toHaveLength(count);
  return { endpointId, rows };
}

function result(startedAt: Date, statusCode: number | null, extra: Partial<PostResult> = {}): PostResult {
  return {
    startedAt,
    durationMs: 5,
    statusCode,
    responseBody: statusCode === null ? null : "ok",
    responseHeaders: statusCode === null ? null : { "content-type": "text/plain" },
    error: statusCode === null ? "timed out after 10000 ms" : null,
    errorClass: statusCode === null ? "timeout" : statusCode >= 300 ? "http" : null,
    ...extra,
  };
}

const ok: Verdict = { status: "succeeded" };
const retry: Verdict = { status: "pending", retryInMs: 60_000 };

/** Records every (row, result, verdict) in the same turn: they share one statement. */
function recordTogether(items: [DeliveryRow, PostResult, Verdict][]): Promise<boolean[]> {
  return getDb().then((db) =>
    Promise.all(
      items.map(([row, r, v]) =>
        recordAttempt(db, row, row.attemptCount + 1, { result: r, requestHeaders: { a: "b" } }, v),
      ),
    ),
  );
}

async function health(endpointId: string) {
  const db = await getDb();
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  return row;
}

describe("attempts recorded together", () => {
  it("are each recorded, and the endpoint's health follows them in finishing order", async () => {
    const { endpointId, rows } = await claimed(5);
    const [d1, d2, d3, d4, d5] = rows as [DeliveryRow, DeliveryRow, DeliveryRow, DeliveryRow, DeliveryRow];
    const t = Date.now();
    // Failed, then succeeded, then failed again: the endpoint is failing since the last failure.
    expect(
      await recordTogether([
        [d3, result(new Date(t + 30), null), retry],
        [d1, result(new Date(t + 10), 500), retry],
        [d2, result(new Date(t + 20), 200), ok],
      ]),
    ).toEqual([true, true, true]);
    const first = await health(endpointId);
    expect(first?.failingSince?.getTime()).toBe(t + 30);
    expect(first?.lastSuccessAt?.getTime()).toBe(t + 25);
    expect(first?.lastFailureError).toBe("timed out after 10000 ms");
    expect((await attemptsOf(d2.id)).map((a) => [a.attempt, a.outcome, a.statusCode])).toEqual([
      [1, "succeeded", 200],
    ]);
    expect((await attemptsOf(d1.id)).map((a) => a.outcome)).toEqual(["retry"]);
    const after = new Map((await deliveriesOf(endpointId)).map((d) => [d.id, d]));
    expect(after.get(d1.id)).toMatchObject({ status: "pending", attemptCount: 1, lockedUntil: null });
    expect(after.get(d2.id)).toMatchObject({ status: "succeeded", attemptCount: 1, lastStatusCode: 200 });
    expect(after.get(d2.id)?.completedAt?.getTime()).toBe(t + 25);

    // A failure, then a success: healthy again; the failure is still the last error seen.
    await recordTogether([
      [d5, result(new Date(t + 50), 200), ok],
      [d4, result(new Date(t + 40), 503), retry],
    ]);
    const second = await health(endpointId);
    expect(second?.failingSince).toBeNull();
    expect(second?.lastSuccessAt?.getTime()).toBe(t + 55);
    expect(second?.lastFailureError).toBe("HTTP 503");
  });

  it("writes a delivery's attempt once when it is recorded twice in one turn", async () => {
    const { rows } = await claimed(1);
    const [row] = rows as [DeliveryRow];
    const now = new Date();
    const written = await recordTogether([
      [row, result(now, 200), ok],
      [row, result(now, 500), retry],
    ]);
    expect(written.filter(Boolean)).toHaveLength(1);
    expect(await attemptsOf(row.id)).toHaveLength(1);
  });

  it("stores a response's NUL as U+FFFD without failing the others", async () => {
    const { rows } = await claimed(2);
    const [a, b] = rows as [DeliveryRow, DeliveryRow];
    const now = new Date();
    expect(
      await recordTogether([
        [a, result(now, 200, { responseBody: "a\u0000b\\u0000", responseHeaders: { x: "\u0000" } }), ok],
        [b, result(now, 200), ok],
      ]),
    ).toEqual([true, true]);
    const [stored] = await attemptsOf(a.id);
    // The escaped text "\u0000" (a backslash and five characters) is kept as it was.
    expect(stored?.responseBody).toBe("a\uFFFDb\\u0000");
    expect(stored?.responseHeaders).toEqual({ x: "\uFFFD" });
    expect(await attemptsOf(b.id)).toHaveLength(1);
  });
});

describe("the sending phase", () => {
  beforeAll(() => overrideEnvForTests({ ...UNCAPPED, SVC_WEBHOOK_CA_FILE: testCertificate().caFile }));
  afterAll(() => overrideEnvForTests(UNCAPPED));

  it("ends when the answer is in, before the attempt is recorded; never for an attempt not made", async () => {
    const rx = await startHttpsReceiver();
    try {
      const db = await getDb();
      const w = await registerWebhook(org, rx.url, ["room.ended"]);
      const { rows } = await claimedFor(w.id, 1);
      const [row] = rows as [DeliveryRow];
      const order: string[] = [];
      const report = await runClaimedAttempt(db, row, undefined, () => order.push("sent"));
      order.push("recorded");
      expect(order).toEqual(["sent", "recorded"]);
      expect(report).toMatchObject({ state: "succeeded", statusCode: 200 });

      // The endpoint is gone: nothing is sent, so the sending phase never starts.
      const gone = await claimedFor(w.id, 1);
      await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, w.id));
      const calls: string[] = [];
      await runClaimedAttempt(db, gone.rows[0] as DeliveryRow, undefined, () => calls.push("sent"));
      expect(calls).toEqual([]);
      expect(rx.requests).toHaveLength(1);
    } finally {
      await rx.close();
    }
  });
});

describe("the targets of a claimed batch", () => {
  it("come with the claim, whose rows are the table's rows as leased", async () => {
    const db = await getDb();
    const w = await registerWebhook(org, `${HOOK}?claim`, ["room.ended"]);
    await emit("claim");
    const [pending] = await deliveriesOf(w.id);
    const batch = await claimDueBatch(db, new Date(Date.now() + 1_000), 100);
    const row = batch.rows.find((r) => r.id === pending?.id);
    const [stored] = await db
      .select()
      .from(deliveries)
      .where(eq(deliveries.id, pending?.id ?? ""));
    expect(row).toEqual(stored);
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    expect(batch.targets.get(row?.id ?? "")).toMatchObject({ url: `${HOOK}?claim`, type: "room.ended" });
  });

  it("are read in one go: endpoint, event type and active keys; none for a deleted endpoint", async () => {
    const db = await getDb();
    const rotated = await claimed(2);
    const gone = await claimed(1);
    // A rotation: v1 still signs for a while, v2 is current.
    await db
      .update(webhookSigningSecrets)
      .set({ expiresAt: new Date(Date.now() + 3_600_000) })
      .where(eq(webhookSigningSecrets.endpointId, rotated.endpointId));
    await db.insert(webhookSigningSecrets).values({
      endpointId: rotated.endpointId,
      kid: "v2",
      secretCiphertext: encryptSecret("whsec_c2Vjb25k"),
      createdAt: new Date(Date.now() + 1_000),
    });
    await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, gone.endpointId));

    const targets = await loadTargets(db, [...rotated.rows, ...gone.rows]);
    expect(targets.size).toBe(2);
    for (const row of rotated.rows) {
      const target = targets.get(row.id);
      expect(target).toMatchObject({ active: true, type: "room.ended", rateLimit: null, disabledAt: null });
      expect(target?.url).toContain(HOOK);
      const keys = target?.keys;
      if (!Array.isArray(keys)) throw new Error("no keys");
      expect(keys.map((k) => k.kid)).toEqual(["v2", "v1"]);
      expect(keys[0]?.secret).toBe("whsec_c2Vjb25k");
    }
    expect(targets.has(gone.rows[0]?.id ?? "")).toBe(false);
  });

  it("say why an endpoint cannot sign instead of failing the batch", async () => {
    const db = await getDb();
    const broken = await claimed(1);
    const fine = await claimed(1);
    await db.delete(webhookSigningSecrets).where(eq(webhookSigningSecrets.endpointId, broken.endpointId));
    const targets = await loadTargets(db, [...broken.rows, ...fine.rows]);
    expect(targets.get(broken.rows[0]?.id ?? "")?.keys).toBeInstanceOf(UnsignableError);
    expect(Array.isArray(targets.get(fine.rows[0]?.id ?? "")?.keys)).toBe(true);
    expect(await loadTargets(db, [])).toEqual(new Map());
    // Nothing was recorded for these: reading targets is not an attempt.
    const attempts = await db
      .select()
      .from(deliveryAttempts)
      .where(eq(deliveryAttempts.deliveryId, broken.rows[0]?.id ?? ""));
    expect(attempts).toEqual([]);
  });
});

/**
 * The database as a client sees it while it is away: each of the next `failures` statements fails
 * with `code` (ECONNREFUSED: down; 42601: a statement the server rejects), then they run again.
 * Only runPrepared's two entry points are covered: the recorder uses nothing else.
 */
function flakyDb(db: Db, failures: number, code: string): { db: Db; failed: () => number } {
  let failed = 0;
  const fail = () => {
    failed++;
    return Promise.reject(Object.assign(new Error(`simulated ${code}`), { code }));
  };
  const real = (db as unknown as { $client: Record<string, unknown> }).$client;
  const client = new Proxy(real, {
    get(target, prop) {
      const value = Reflect.get(target, prop) as unknown;
      if (typeof value !== "function") return value;
      const call = (...args: unknown[]) => (value as (...a: unknown[]) => unknown).apply(target, args);
      // postgres.js: unsafe(text, params, opts).values(); PGlite: query(text, params, opts).
      if (prop === "unsafe")
        return (...args: unknown[]) =>
          failed < failures ? { values: fail } : (call(...args) as { values: () => unknown });
      if (prop === "query") return (...args: unknown[]) => (failed < failures ? fail() : call(...args));
      return call;
    },
  });
  const wrapped = new Proxy(db, {
    get: (target, prop) => (prop === "$client" ? client : Reflect.get(target, prop)),
  });
  return { db: wrapped, failed: () => failed };
}

describe("a record the database could not take", () => {
  const sent = () => ({ result: result(new Date(), 200), requestHeaders: { a: "b" } });

  it("is made once the database answers again, within the claim's lease", async () => {
    const { rows } = await claimed(2);
    const [a, b] = rows as [DeliveryRow, DeliveryRow];
    const flaky = flakyDb(await getDb(), 3, "ECONNREFUSED");
    const recorded = await Promise.all(
      [a, b].map((row) => recordAttempt(flaky.db, row, row.attemptCount + 1, sent(), ok)),
    );
    expect(recorded).toEqual([true, true]);
    expect(flaky.failed()).toBe(3);
    for (const row of [a, b]) {
      expect((await attemptsOf(row.id)).map((x) => x.attempt)).toEqual([1]);
      const [stored] = (await deliveriesOf(row.endpointId)).filter((d) => d.id === row.id);
      expect(stored).toMatchObject({ status: "succeeded", lockedUntil: null });
    }
  });

  it("fails at once when the database rejects the statement itself", async () => {
    const { rows } = await claimed(1);
    const [row] = rows as [DeliveryRow];
    const flaky = flakyDb(await getDb(), 1, "42601");
    await expect(recordAttempt(flaky.db, row, row.attemptCount + 1, sent(), ok)).rejects.toThrow(
      "simulated 42601",
    );
    expect(flaky.failed()).toBe(1);
    expect(await attemptsOf(row.id)).toEqual([]);
  });

  it("gives up when the claim's lease would run out before the next try", async () => {
    const { rows } = await claimed(1);
    const [row] = rows as [DeliveryRow];
    // Another claimer may own the row once the lease is over: this record stops trying before.
    const ending = { ...row, lockedUntil: new Date(Date.now() + 100) };
    const flaky = flakyDb(await getDb(), 1_000, "ECONNREFUSED");
    await expect(recordAttempt(flaky.db, ending, row.attemptCount + 1, sent(), ok)).rejects.toThrow(
      "simulated ECONNREFUSED",
    );
    expect(flaky.failed()).toBe(1);
  });
});
