import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliveries, emails, instances } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { beat, instanceId, STALE_MS } from "@/lib/instances/heartbeat";
import { releaseDeadLeases } from "@/lib/instances/release-dead-leases";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { claimDueDeliveries } from "@/lib/webhooks/delivery/claim";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { insertEmail } from "./helpers/email-fixtures";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { deliveriesOf, registerWebhook, roomObject } from "./helpers/webhook-fixtures";

/**
 * Lease recovery by heartbeat (docs/decisions/0962): leases held by an instance whose heartbeat is
 * stale are released long before they would expire; a live instance's leases, and rows whose
 * lease has already ended, are left alone.
 */
/** These tests exercise delivery, not bodies: any object goes. */

let org: TestOrg;
beforeAll(async () => {
  overrideEnvForTests({ SVC_WEBHOOK_RETRY_SCHEDULE: "0,0,0,0,0,0,0" });
  org = await createOrg();
});
afterAll(() => overrideEnvForTests({}));

async function emitDeliveries(count: number): Promise<string[]> {
  const w = await registerWebhook(org, "https://localhost:9/hook", ["room.ended"]);
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
  return (await deliveriesOf(w.id)).map((d) => d.id);
}

const queueEmail = (lockedBy: string | null, lockedUntil: Date | null) =>
  insertEmail(org.id, { lockedBy, lockedUntil });

describe("releasing the leases of dead instances", () => {
  it("frees a dead instance's deliveries and emails at once and leaves the live one's alone", async () => {
    const db = await getDb();
    const ids = await emitDeliveries(4);
    // Clocks of the database and this process differ by a little: "now" is safely after the events.
    const now = new Date(Date.now() + 1_000);
    // This process claims all four (its heartbeat is fresh)…
    await beat(db, now);
    const claimed = await claimDueDeliveries(db, now, 10);
    expect(claimed).toHaveLength(4);
    expect(claimed.map((d) => d.lockedBy)).toEqual(claimed.map(() => instanceId()));
    // …then two of them are handed to an instance that stopped beating STALE_MS + 1 s ago.
    const dead = newId("instance");
    await db.insert(instances).values({
      id: dead,
      host: "gone",
      pid: 1,
      heartbeatAt: new Date(now.getTime() - STALE_MS - 1_000),
    });
    const deadOnes = ids.slice(0, 2);
    await db.update(deliveries).set({ lockedBy: dead }).where(inArray(deliveries.id, deadOnes));
    const leaseEnd = new Date(now.getTime() + 60_000);
    const deadEmail = await queueEmail(dead, leaseEnd);
    const liveEmail = await queueEmail(instanceId(), leaseEnd);
    const endedEmail = await queueEmail(dead, new Date(now.getTime() - 1_000));

    expect(await releaseDeadLeases(db, now)).toEqual({ deliveries: 2, emails: 1 });

    const rows = await db.select().from(deliveries).where(inArray(deliveries.id, ids));
    for (const r of rows) {
      if (deadOnes.includes(r.id)) expect(r).toMatchObject({ lockedUntil: null, lockedBy: null });
      else expect(r.lockedUntil?.getTime()).toBeGreaterThan(now.getTime());
    }
    // Due again at once: the next claim takes exactly the two released rows.
    const again = await claimDueDeliveries(db, now, 10);
    expect(again.map((d) => d.id).sort()).toEqual([...deadOnes].sort());

    const mail = await db
      .select()
      .from(emails)
      .where(inArray(emails.id, [deadEmail, liveEmail, endedEmail]));
    const byId = new Map(mail.map((m) => [m.id, m]));
    expect(byId.get(deadEmail)?.lockedUntil).toBeNull();
    expect(byId.get(liveEmail)?.lockedUntil?.getTime()).toBe(leaseEnd.getTime());
    expect(byId.get(endedEmail)?.lockedBy).toBe(dead);
  });

  it("renews this instance's heartbeat in place", async () => {
    const db = await getDb();
    const t1 = new Date(Date.now() + 5_000);
    await beat(db, t1);
    const [row] = await db.select().from(instances).where(eq(instances.id, instanceId()));
    expect(row?.heartbeatAt.getTime()).toBe(t1.getTime());
    expect(row?.pid).toBe(process.pid);
  });
});
