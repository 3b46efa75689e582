import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries } from "@/db/schema";
import { getDb, getDbDriver } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { jobs } from "@/lib/jobs/registry";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import {
  needsVacuum,
  tableChurn,
  VACUUM_BASE_THRESHOLD,
  VACUUM_SCALE_FACTOR,
  vacuumPass,
} from "@/lib/maintenance/vacuum-embedded";
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
 * The embedded database's vacuum (docs/decisions/1231): a soak of real deliveries (fan-out, claim,
 * record: each leaves dead row versions) with the vacuum pass between rounds keeps the dead rows
 * of `deliveries` bounded by one round's churn, however many rounds run. On PostgreSQL the pass
 * leaves the work to autovacuum.
 */

const ENDPOINTS = 4;
const EVENTS_PER_ROUND = 50;
const ROUNDS = 8;
const PER_ROUND = ENDPOINTS * EVENTS_PER_ROUND;

let rx: HttpsReceiver;
let org: TestOrg;

beforeAll(async () => {
  overrideEnvForTests({ SVC_WEBHOOK_CA_FILE: testCertificate().caFile });
  rx = await startHttpsReceiver();
  org = await createOrg();
  for (let i = 0; i < ENDPOINTS; i++) await registerWebhook(org, `${rx.url}?soak=${i}`);
});

afterAll(async () => {
  await stopJobs();
  await rx.close();
  overrideEnvForTests({});
});

async function round(n: number): Promise<void> {
  const db = await getDb();
  for (let i = 0; i < EVENTS_PER_ROUND; i++) {
    await transactionWithJobs(db, (tx) =>
      recordEvent(tx, {
        type: "room.created",
        orgId: org.id,
        projectId: org.projectId,
        object: roomObject(org.projectId, `soak ${n}.${i}`),
      }),
    );
  }
  await eventually(
    async () => {
      const open = await db
        .select({ id: deliveries.id })
        .from(deliveries)
        .where(and(eq(deliveries.orgId, org.id), inArray(deliveries.status, ["pending"])))
        .limit(1);
      return open.length === 0;
    },
    { timeoutMs: 60_000, what: `round ${n} delivered` },
  );
}

const deliveriesChurn = async () => (await tableChurn()).find((t) => t.table === "deliveries");

describe("the embedded database's vacuum", () => {
  it("is a scheduled job of the embedded runner", () => {
    const job = jobs.find((j) => j.id === "vacuum-embedded");
    expect(job).toMatchObject({ kind: "scheduled", backends: ["embedded"] });
  });

  it("follows autovacuum's default rule: 50 dead rows plus 20 % of the live ones", () => {
    expect(needsVacuum({ table: "t", live: 1000, dead: VACUUM_BASE_THRESHOLD + 200 })).toBe(false);
    expect(needsVacuum({ table: "t", live: 1000, dead: VACUUM_BASE_THRESHOLD + 201 })).toBe(true);
    expect(VACUUM_SCALE_FACTOR).toBe(0.2);
  });

  it("keeps the dead rows of deliveries bounded through a soak of real deliveries", async () => {
    if ((await getDbDriver()) !== "pglite") {
      // PostgreSQL: autovacuum's work; the pass does nothing.
      expect((await vacuumPass({ now: new Date() })).summary).toEqual({ skipped: 1 });
      return;
    }
    startJobs(["deliver-due-webhooks"]);
    const before: number[] = [];
    let reclaimed = 0;
    for (let n = 0; n < ROUNDS; n++) {
      await round(n);
      const churn = await deliveriesChurn();
      before.push(churn?.dead ?? 0);
      const { summary } = await vacuumPass({ now: new Date() });
      reclaimed += summary?.reclaimed ?? 0;
      const after = await deliveriesChurn();
      if (!after) throw new Error("no statistics for deliveries");
      // After a pass the table is within autovacuum's threshold…
      expect(needsVacuum(after)).toBe(false);
    }
    // …and between passes its dead rows are one round's churn at most (each delivery is updated
    // by its claim and its record), not the sum of every round's.
    const bound = 3 * PER_ROUND + VACUUM_BASE_THRESHOLD + VACUUM_SCALE_FACTOR * ROUNDS * PER_ROUND;
    for (const dead of before) expect(dead).toBeLessThanOrEqual(bound);
    // Without the vacuum they add up: every delivery leaves at least one dead version.
    expect(reclaimed).toBeGreaterThan(bound);
    expect(Math.max(...before.slice(1))).toBeLessThan(reclaimed / 2);
  });
});
