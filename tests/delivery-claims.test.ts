import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "@/db/schema";
import { getDb } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { overrideEnvForTests } from "@/lib/env";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { attemptDelivery, runClaimedAttempt } from "@/lib/webhooks/delivery/attempt-delivery";
import {
  claimDelivery,
  claimDueDeliveries,
  DeliveryBusyError,
  LEASE_MS,
  nextDueAt,
} from "@/lib/webhooks/delivery/claim";
import { CLAIM_CHOSEN } from "@/lib/webhooks/delivery/claim-chosen";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { type HttpsReceiver, startHttpsReceiver, testCertificate } from "./helpers/https-receiver";
import { attemptsOf, deliveriesOf, registerWebhook, roomObject } from "./helpers/webhook-fixtures";

/**
 * The claiming rules both drivers rely on, without a runner: disjoint claims under concurrency,
 * leases that hide a claimed row and expire when its claimer dies, and idempotent attempts.
 */

/** These tests exercise delivery, not bodies: any object goes. */

let org: TestOrg;
let rx: HttpsReceiver;

beforeAll(async () => {
  overrideEnvForTests({
    SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
    SVC_WEBHOOK_RETRY_SCHEDULE: "0,0,0,0,0,0,0",
    // The claim mechanics, apart from the fair shares (tests/fair-delivery.test.ts).
    SVC_WEBHOOK_ENDPOINT_CONCURRENCY: "64",
    SVC_WEBHOOK_ORG_CONCURRENCY: "1024",
  });
  rx = await startHttpsReceiver();
});

afterAll(async () => {
  await rx.close();
  overrideEnvForTests({});
});

/** A fresh org per test, so other tests' endpoints never get these events. */
async function endpoint(tag: string) {
  org = await createOrg();
  return registerWebhook(org, `${rx.url}?${tag}`, ["room.ended"]);
}

async function emit(count: number, endpointId: string): Promise<string[]> {
  const db = await getDb();
  for (let i = 0; i < count; i++) {
    await transactionWithJobs(db, (tx) =>
      recordEvent(tx, {
        type: "room.ended",
        orgId: org.id,
        projectId: org.projectId,
        object: roomObject(org.projectId, `room ${i}`),
      }),
    );
  }
  return (await deliveriesOf(endpointId)).map((d) => d.id);
}

describe("claiming due deliveries", () => {
  it("never hands the same delivery to two concurrent claimers", async () => {
    const w = await endpoint("claims");
    const ids = await emit(24, w.id);
    const db = await getDb();
    const now = new Date(Date.now() + 1000);
    const claims = await Promise.all([
      claimDueDeliveries(db, now, 10),
      claimDueDeliveries(db, now, 10),
      claimDueDeliveries(db, now, 10),
    ]);
    const claimed = claims.flat().map((r) => r.id);
    expect(claimed).toHaveLength(24);
    expect(new Set(claimed).size).toBe(24);
    expect(new Set(claimed)).toEqual(new Set(ids));
    // Leased rows are invisible to the next claimer; the lease runs LEASE_MS.
    expect(await claimDueDeliveries(db, now, 50)).toHaveLength(0);
    const rows = await db.select().from(deliveries).where(inArray(deliveries.id, ids));
    for (const r of rows) expect(r.lockedUntil?.getTime()).toBe(now.getTime() + LEASE_MS);
    await db.update(deliveries).set({ status: "cancelled" }).where(inArray(deliveries.id, ids));
  });

  it("takes over a dead claimer's delivery once its lease has run out (at-least-once)", async () => {
    const w = await endpoint("lease");
    const [id] = await emit(1, w.id);
    const db = await getDb();
    const t0 = new Date(Date.now() + 10);
    const [first] = await claimDueDeliveries(db, t0, 5);
    expect(first?.id).toBe(id);
    // The claimer dies here, mid-attempt. Until the lease ends nobody else may take the row…
    const beforeExpiry = new Date(t0.getTime() + LEASE_MS - 1);
    expect(await claimDueDeliveries(db, beforeExpiry, 5)).toHaveLength(0);
    expect((await nextDueAt(db, beforeExpiry))?.getTime()).toBe(t0.getTime() + LEASE_MS);
    // …after it, the next claimer does, and the attempt is made and recorded once.
    const [again] = await claimDueDeliveries(db, new Date(t0.getTime() + LEASE_MS), 5);
    expect(again?.id).toBe(id);
    if (!again) throw new Error("not reclaimed");
    const report = await runClaimedAttempt(db, again);
    expect(report).toMatchObject({ deliveryId: id, attempt: 1, state: "succeeded", statusCode: 200 });
    expect((await attemptsOf(again.id)).map((a) => a.attempt)).toEqual([1]);
    const [row] = await deliveriesOf(w.id);
    expect(row).toMatchObject({ status: "succeeded", lockedUntil: null });
  });

  it("records an attempt once when two claimers raced on one delivery", async () => {
    const w = await endpoint("race");
    await emit(1, w.id);
    const db = await getDb();
    const [row] = await claimDueDeliveries(db, new Date(Date.now() + 10), 1);
    if (!row) throw new Error("nothing claimed");
    const before = rx.requests.length;
    const [a, b] = await Promise.all([runClaimedAttempt(db, row), runClaimedAttempt(db, row)]);
    expect([a.state, b.state]).toEqual(["succeeded", "succeeded"]);
    // Both sent (a duplicate at-least-once allows, same id); only one attempt was recorded.
    const sent = rx.requests.slice(before);
    expect(sent).toHaveLength(2);
    expect(new Set(sent.map((r) => r.headers["x-svc-webhook-id"])).size).toBe(1);
    expect(await attemptsOf(row.id)).toHaveLength(1);
    expect((await deliveriesOf(w.id))[0]?.attemptCount).toBe(1);
  });
});

/** Every node of an EXPLAIN (FORMAT JSON) plan, depth first. */
type PlanNode = { Alias?: string; "Node Type"?: string; "Actual Loops"?: number; Plans?: PlanNode[] };
function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

describe("the fair claim's cost (docs/decisions/1105, 1230)", () => {
  it("probes each chosen row by key, whatever plan the database picks", async () => {
    // Two endpoints with a backlog, some of it in flight: the counts of what is in flight are the
    // ones a bad plan re-ran for every row (the embedded database has no statistics).
    const a = await endpoint("plan-a");
    await registerWebhook(org, `${rx.url}?plan-b`, ["room.ended"]);
    await emit(30, a.id);
    const db = await getDb();
    const now = new Date(Date.now() + 1000);
    expect(await claimDueDeliveries(db, now, 4)).toHaveLength(4);
    const chosen = rowsOf<{ id: string; org_id: string; endpoint_id: string }>(
      await db.execute(sql`select id, org_id, endpoint_id from deliveries
        where org_id = ${org.id} and status = 'pending' and locked_until is null
        order by next_attempt_at, id limit 10`),
    ).map((r, pos) => ({ ...r, pos }));
    const plans = await db.transaction(async (tx) => {
      // The plan a prepared statement falls back to after its first executions: no parameter
      // values, estimates from statistics (none on the embedded database).
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(
        sql.raw(
          `prepare svc_test_claim(timestamptz, json, timestamptz, text, int, int) as ${CLAIM_CHOSEN.text}`,
        ),
      );
      const at = now.toISOString();
      const lease = new Date(now.getTime() + LEASE_MS).toISOString();
      const explained = await tx.execute(
        sql.raw(
          `explain (analyze, format json) execute svc_test_claim('${at}', '${JSON.stringify(chosen)}', '${lease}', 'test', 16, 64)`,
        ),
      );
      // Prepared statements outlive transactions: this one goes with the test.
      await tx.execute(sql`deallocate svc_test_claim`);
      return rowsOf<Record<string, unknown>>(explained);
    });
    const cell = Object.values(plans[0] ?? {})[0];
    const [explained] = (typeof cell === "string" ? JSON.parse(cell) : cell) as [{ Plan: PlanNode }];
    const nodes = planNodes(explained.Plan);
    // The caps' counts run in svc_claim_allowed (migration 0028), once per chosen org and endpoint.
    // The chosen rows are read by primary key, never by scanning the table.
    const rowReads = nodes.filter((n) => n.Alias === "d");
    expect(rowReads.length).toBeGreaterThan(0);
    for (const n of rowReads) expect(n["Node Type"]).not.toBe("Seq Scan");
    await db.update(deliveries).set({ status: "cancelled" }).where(eq(deliveries.orgId, org.id));
  });

  it("wakes for rows coming due, not for due rows the caps hold back", async () => {
    const w = await endpoint("next");
    const ids = await emit(2, w.id);
    const db = await getDb();
    const now = new Date(Date.now() + 1000);
    // Both rows are due and unleased, as a capped backlog is: none of them is a time to look again
    // (an attempt in flight ending wakes the worker), or the worker would claim in a busy loop.
    const next = await nextDueAt(db, now);
    expect(next === null || next > now).toBe(true);
    // A row due later is.
    const later = new Date(now.getTime() + 5_000);
    await db
      .update(deliveries)
      .set({ nextAttemptAt: later })
      .where(eq(deliveries.id, ids[1] ?? ""));
    expect((await nextDueAt(db, now))?.getTime()).toBe(later.getTime());
    await db.update(deliveries).set({ status: "cancelled" }).where(inArray(deliveries.id, ids));
  });
});

describe("attemptDelivery (the Inngest driver's step)", () => {
  it("does not send an attempt twice when its step is retried", async () => {
    const w = await endpoint("step");
    const [id] = await emit(1, w.id);
    if (!id) throw new Error("no delivery");
    const db = await getDb();
    let failures = 1;
    rx.respond(() => (failures-- > 0 ? { status: 500 } : { status: 200 }));
    const before = rx.requests.length;
    const first = await attemptDelivery(db, id, 1);
    expect(first).toMatchObject({ attempt: 1, state: "pending", statusCode: 500 });
    expect(first.retryInMs).toBeGreaterThanOrEqual(0);
    const replay = await attemptDelivery(db, id, 1);
    expect(replay).toMatchObject({ attempt: 1, state: "pending", statusCode: 500 });
    expect(rx.requests.length - before).toBe(1);
    const second = await attemptDelivery(db, id, 2);
    expect(second).toMatchObject({ attempt: 2, state: "succeeded", statusCode: 200, retryInMs: null });
    expect(await attemptDelivery(db, id, 2)).toMatchObject({ attempt: 2, state: "succeeded" });
    expect(rx.requests.length - before).toBe(2);
    rx.respond(() => ({ status: 200 }));
  });

  it("waits for a live claim (busy), and skips unknown or out-of-order attempts", async () => {
    const w = await endpoint("busy");
    const [id] = await emit(1, w.id);
    if (!id) throw new Error("no delivery");
    const db = await getDb();
    const claim = await claimDelivery(db, id, 1);
    expect("claimed" in claim).toBe(true);
    await expect(attemptDelivery(db, id, 1)).rejects.toBeInstanceOf(DeliveryBusyError);
    expect(await attemptDelivery(db, id, 3)).toMatchObject({ state: "skipped" });
    expect(await attemptDelivery(db, "dlv_missing", 1)).toMatchObject({ state: "skipped" });
    await db.update(deliveries).set({ lockedUntil: null }).where(eq(deliveries.id, id));
    expect(await attemptDelivery(db, id, 1)).toMatchObject({ state: "succeeded" });
  });
});
