import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, deliveryAttempts, events } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { pruneExpired, RETENTION_BATCH } from "@/lib/retention/run-retention";
import type { DeliveryStatus } from "@/lib/webhooks/delivery-schema";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { registerWebhook } from "./helpers/webhook-fixtures";

/**
 * Issue 18 item 7 on a compressed calendar: delivered payloads and attempt logs go after
 * SVC_WEBHOOK_RETENTION_DAYS, dead, gone and skipped deliveries by the same clock (not sooner),
 * pending ones never, a backlog goes in batches, and under steady traffic the delivery tables
 * stop growing (docs/decisions/0965).
 */

const DAY = 24 * 60 * 60 * 1000;
const RETENTION_DAYS = 30;
/** Day 0 lies in the past, so the audit log's own retention (365 days) never comes into it. */
const start = new Date(Date.now() - 400 * DAY);
const day = (d: number) => new Date(start.getTime() + d * DAY);
let org: TestOrg;
let endpointId: string;

beforeAll(async () => {
  overrideEnvForTests({ SVC_WEBHOOK_RETENTION_DAYS: String(RETENTION_DAYS) });
  org = await createOrg();
  endpointId = (await registerWebhook(org, "https://localhost:9/retention", ["room.ended"])).id;
});
afterAll(() => overrideEnvForTests({}));

/** `n` events with one delivery each, ended (or not) at `at`, each ended one with two attempts. */
async function traffic(n: number, at: Date, status: DeliveryStatus): Promise<string[]> {
  const db = await getDb();
  const rows = Array.from({ length: n }, () => ({ event: newId("event"), delivery: newId("delivery") }));
  await db.insert(events).values(
    rows.map((r) => ({
      id: r.event,
      orgId: org.id,
      projectId: org.projectId,
      type: "room.ended" as const,
      payload: { id: r.event },
      createdAt: at,
    })),
  );
  await db.insert(deliveries).values(
    rows.map((r) => ({
      id: r.delivery,
      eventId: r.event,
      endpointId,
      orgId: org.id,
      webhookId: newId("event"),
      body: `{"id":"${r.event}"}`,
      status,
      // A pending delivery is far in the future here so no runner picks it up.
      nextAttemptAt: status === "pending" ? day(10_000) : null,
      createdAt: at,
      completedAt: status === "pending" ? null : at,
    })),
  );
  if (status !== "pending") {
    await db.insert(deliveryAttempts).values(
      rows.flatMap((r) =>
        [1, 2].map((attempt) => ({
          id: newId("attempt"),
          deliveryId: r.delivery,
          attempt,
          startedAt: at,
          durationMs: 3,
          statusCode: 500,
          outcome: attempt === 1 ? ("retry" as const) : finalOutcome(status),
          requestHeaders: { "webhook-id": r.event },
          responseBody: "x".repeat(100),
        })),
      ),
    );
  }
  return rows.map((r) => r.delivery);
}

function finalOutcome(status: DeliveryStatus) {
  return status === "succeeded" || status === "gone" || status === "dead" ? status : "retry";
}

async function tableSizes() {
  const db = await getDb();
  const [d] = await db.select({ n: count() }).from(deliveries).where(eq(deliveries.endpointId, endpointId));
  const [a] = await db
    .select({ n: count() })
    .from(deliveryAttempts)
    .innerJoin(deliveries, eq(deliveries.id, deliveryAttempts.deliveryId))
    .where(eq(deliveries.endpointId, endpointId));
  const [e] = await db.select({ n: count() }).from(events).where(eq(events.orgId, org.id));
  return { deliveries: d?.n ?? 0, attempts: a?.n ?? 0, events: e?.n ?? 0 };
}

async function remaining(ids: string[]): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.endpointId, endpointId), inArray(deliveries.id, ids)));
  return rows.map((r) => r.id);
}

describe("webhook retention", () => {
  it("keeps dead and skipped deliveries until the same clock as delivered ones, then prunes all in batches", async () => {
    // A backlog larger than one batch, delivered 31 days before day 0.
    const delivered = await traffic(RETENTION_BATCH + 50, day(-31), "succeeded");
    const deadOld = await traffic(3, day(-31), "dead");
    const skippedOld = await traffic(2, day(-31), "skipped");
    const goneOld = await traffic(1, day(-31), "gone");
    const deadRecent = await traffic(3, day(-29), "dead");
    const pendingOld = await traffic(2, day(-60), "pending");

    const pass = await pruneExpired(day(0));
    // More than one batch of deliveries went in this pass; nothing is left for the next.
    expect(pass.counts.deliveries).toBe(RETENTION_BATCH + 56);
    expect(pass.more).toBe(false);
    expect(await remaining([...delivered, ...deadOld, ...skippedOld, ...goneOld])).toEqual([]);
    // Dead deliveries younger than the retention, and pending ones of any age, stay.
    expect((await remaining(deadRecent)).sort()).toEqual([...deadRecent].sort());
    expect((await remaining(pendingOld)).sort()).toEqual([...pendingOld].sort());
    // Attempt logs went with their deliveries; the dead ones kept theirs.
    const db = await getDb();
    const attempts = await db
      .select({ id: deliveryAttempts.deliveryId })
      .from(deliveryAttempts)
      .where(inArray(deliveryAttempts.deliveryId, [...delivered.slice(0, 10), ...deadRecent]));
    expect(new Set(attempts.map((a) => a.id))).toEqual(new Set(deadRecent));

    // Two days later the recent dead ones have passed the same clock.
    await pruneExpired(day(2));
    expect(await remaining(deadRecent)).toEqual([]);
    expect((await remaining(pendingOld)).sort()).toEqual([...pendingOld].sort());
    await (await getDb()).delete(deliveries).where(inArray(deliveries.id, pendingOld));
  });

  it("under steady traffic the delivery tables stop growing", async () => {
    const perDay = 12;
    const sizes: { deliveries: number; attempts: number; events: number }[] = [];
    // 45 days of traffic, the retention job running once a day: a mix of outcomes each day.
    for (let d = 100; d < 145; d++) {
      await traffic(perDay - 3, day(d), "succeeded");
      await traffic(2, day(d), "dead");
      await traffic(1, day(d), "skipped");
      await pruneExpired(day(d));
      sizes.push(await tableSizes());
    }
    // Up to the retention the tables grow by a day's traffic a day...
    expect(sizes[RETENTION_DAYS - 1]?.deliveries).toBe(perDay * RETENTION_DAYS);
    // ...and from then on they hold the last RETENTION_DAYS + 1 days, no more, whatever the day.
    const plateau = sizes.slice(RETENTION_DAYS + 1);
    expect(plateau.length).toBeGreaterThan(10);
    for (const s of plateau) {
      expect(s.deliveries).toBe(perDay * (RETENTION_DAYS + 1));
      expect(s.attempts).toBe(2 * perDay * (RETENTION_DAYS + 1));
      expect(s.events).toBe(perDay * (RETENTION_DAYS + 1));
    }
  });
});
