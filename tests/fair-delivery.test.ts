import { and, eq, gt, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import {
  eventually,
  type HttpsReceiver,
  startHttpsReceiver,
  testCertificate,
} from "./helpers/https-receiver";
import { registerWebhook, roomObject } from "./helpers/webhook-fixtures";

/**
 * Fair delivery (docs/decisions/1023), compressed: one org's endpoints hang (they hold their
 * attempts for the whole timeout) with a backlog, and another org's deliveries are all made while
 * those are still in flight; the hanging endpoints hold no more than their in-flight places, and
 * none of their deliveries is dropped. No timing is asserted: only what is in flight, and when.
 */

const ENDPOINT_CAP = 2;
const ORG_CAP = 6;
const HANGING_ENDPOINTS = 6;
const BACKLOG_EVENTS = 8;

let hanging: HttpsReceiver;
let healthy: HttpsReceiver;
let slow: TestOrg;
let other: TestOrg;

async function emit(org: TestOrg, count: number): Promise<void> {
  const db = await getDb();
  for (let i = 0; i < count; i++) {
    await transactionWithJobs(db, (tx) =>
      recordEvent(tx, {
        type: "room.created",
        orgId: org.id,
        projectId: org.projectId,
        object: roomObject(org.projectId, `room ${i}`),
      }),
    );
  }
}

async function deliveriesOfOrg(orgId: string) {
  const db = await getDb();
  return db.select().from(deliveries).where(eq(deliveries.orgId, orgId));
}

beforeAll(async () => {
  overrideEnvForTests({
    SVC_WEBHOOK_CA_FILE: testCertificate().caFile,
    SVC_WEBHOOK_RETRY_SCHEDULE: "0,0.05,0.05,0.05,0.05,0.05,0.05",
    // Long enough that the hanging attempts are in flight for the whole test (they end when the
    // receiver closes its connections).
    SVC_WEBHOOK_ATTEMPT_TIMEOUT_MS: "20000",
    SVC_WEBHOOK_ENDPOINT_CONCURRENCY: String(ENDPOINT_CAP),
    SVC_WEBHOOK_ORG_CONCURRENCY: String(ORG_CAP),
  });
  hanging = await startHttpsReceiver();
  hanging.respond(() => ({ status: 200, hang: true }));
  healthy = await startHttpsReceiver();
  slow = await createOrg();
  other = await createOrg();
  for (let i = 0; i < HANGING_ENDPOINTS; i++) await registerWebhook(slow, `${hanging.url}?endpoint=${i}`);
  await registerWebhook(other, healthy.url);
});

afterAll(async () => {
  await hanging.close();
  await stopJobs();
  await healthy.close();
  overrideEnvForTests({});
});

describe("fair delivery between orgs and endpoints", () => {
  it("delivers another org's events while one org's hanging endpoints hold only their places", async () => {
    await emit(slow, BACKLOG_EVENTS);
    startJobs(["deliver-due-webhooks"]);
    // The hanging org has taken every place it may have.
    await hanging.waitForRequests(ORG_CAP, { timeoutMs: 15_000 });
    await emit(other, 5);
    const done = await eventually(
      async () => {
        const rows = await deliveriesOfOrg(other.id);
        return rows.length === 5 && rows.every((r) => r.status === "succeeded") ? rows : undefined;
      },
      { timeoutMs: 15_000, what: "the other org's deliveries" },
    );
    expect(done).toHaveLength(5);
    expect(healthy.requests).toHaveLength(5);

    // Meanwhile the hanging attempts are still in flight, within the caps.
    const db = await getDb();
    const slowRows = await deliveriesOfOrg(slow.id);
    const inFlight = await db
      .select({ endpointId: deliveries.endpointId })
      .from(deliveries)
      .where(
        and(
          inArray(
            deliveries.id,
            slowRows.map((r) => r.id),
          ),
          eq(deliveries.status, "pending"),
          gt(deliveries.lockedUntil, new Date()),
        ),
      );
    expect(inFlight.length).toBeGreaterThan(0);
    expect(inFlight.length).toBeLessThanOrEqual(ORG_CAP);
    const perEndpoint = new Map<string, number>();
    for (const r of inFlight) perEndpoint.set(r.endpointId, (perEndpoint.get(r.endpointId) ?? 0) + 1);
    for (const n of perEndpoint.values()) expect(n).toBeLessThanOrEqual(ENDPOINT_CAP);
    // The receiver got exactly what is in flight: nothing beyond the org's places was sent.
    expect(hanging.requests.length).toBe(ORG_CAP);
    // None of the hanging org's deliveries is dropped: every one is still pending, not yet attempted.
    expect(slowRows).toHaveLength(HANGING_ENDPOINTS * BACKLOG_EVENTS);
    expect(slowRows.every((r) => r.status === "pending" && r.attemptCount === 0)).toBe(true);
  });
});
