import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  auditLogCheckpoints,
  deliveries,
  deliveryAttempts,
  emails,
  events,
  idempotencyKeys,
  mediaReports,
  rateLimits,
} from "@/db/schema";
import { verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import { getDb } from "@/lib/db";
import type { EmailState } from "@/lib/email/cap";
import { overrideEnvForTests } from "@/lib/env";
import { newId } from "@/lib/ids";
import { transactionWithJobs } from "@/lib/jobs/transaction";
import { pruneExpired, RETENTION_BATCH } from "@/lib/retention/run-retention";
import { recordEvent } from "@/lib/webhooks/outbox/record-event";
import { addDatedEntries } from "./helpers/audit";
import { insertEmail } from "./helpers/email-fixtures";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { deliveriesOf, registerWebhook, roomObject } from "./helpers/webhook-fixtures";

/**
 * The retention job's pruning (docs/decisions/0965): tables that grow with use shrink to what is
 * within their retention, in batches, and nothing live is touched whatever its age.
 */
/** These tests exercise delivery, not bodies: any object goes. */

const DAY = 24 * 60 * 60 * 1000;
const now = new Date();
const daysAgo = (d: number) => new Date(now.getTime() - d * DAY);
let org: TestOrg;

beforeAll(async () => {
  overrideEnvForTests({ SVC_WEBHOOK_RETENTION_DAYS: "30", SVC_AUDIT_RETENTION_DAYS: "365" });
  org = await createOrg();
});
afterAll(() => overrideEnvForTests({}));

describe("pruning past retention", () => {
  it("removes ended deliveries, their attempts and events, old reports, emails, keys and counters; keeps live rows", async () => {
    const db = await getDb();
    // Deliveries: six events to one endpoint; four end 40 days ago, one ended yesterday, one is
    // still pending though its event is 40 days old.
    const w = await registerWebhook(org, "https://localhost:9/hook", ["room.ended"]);
    for (let i = 0; i < 6; i++) {
      await transactionWithJobs(db, (tx) =>
        recordEvent(tx, {
          type: "room.ended",
          orgId: org.id,
          projectId: org.projectId,
          object: roomObject(org.projectId, `room ${i}`),
        }),
      );
    }
    const ds = await deliveriesOf(w.id);
    const [pending, recent, ...old] = ds;
    if (!pending || !recent) throw new Error("fixture");
    await db
      .update(events)
      .set({ createdAt: daysAgo(40) })
      .where(
        inArray(
          events.id,
          ds.map((d) => d.eventId),
        ),
      );
    await db
      .update(deliveries)
      .set({ status: "succeeded", completedAt: daysAgo(40) })
      .where(
        inArray(
          deliveries.id,
          old.map((d) => d.id),
        ),
      );
    await db
      .update(deliveries)
      .set({ status: "dead", completedAt: daysAgo(1) })
      .where(eq(deliveries.id, recent.id));
    for (const d of [...old, recent]) {
      await db.insert(deliveryAttempts).values({
        id: newId("attempt"),
        deliveryId: d.id,
        attempt: 1,
        startedAt: daysAgo(40),
        durationMs: 5,
        statusCode: 200,
        outcome: "succeeded",
      });
    }
    // Media reports: 8 and 6 days old.
    await db.insert(mediaReports).values([
      { id: "rep-old", type: "participant.joined", receivedAt: daysAgo(8) },
      { id: "rep-new", type: "participant.joined", receivedAt: daysAgo(6) },
    ]);
    // Emails: sent 31 days ago, sent 29 days ago, queued 60 days ago (live: never pruned).
    const email = (id: string, state: EmailState, created: Date) =>
      insertEmail(org.id, { id, state, releaseAt: created, createdAt: created });
    await email("eml-old", "sent", daysAgo(31));
    await email("eml-new", "sent", daysAgo(29));
    await email("eml-queued", "queued", daysAgo(60));
    // Idempotency keys: expired and live.
    const key = (k: string, expiresAt: Date) => ({
      scope: "usr:test",
      key: k,
      requestHash: "h",
      state: "completed" as const,
      lockedUntil: now,
      expiresAt,
    });
    await db
      .insert(idempotencyKeys)
      .values([key("expired", daysAgo(1)), key("live", new Date(now.getTime() + DAY))]);
    // Rate-limit counters: more expired ones than one batch holds, and one live.
    await db.insert(rateLimits).values(
      Array.from({ length: RETENTION_BATCH + 20 }, (_, i) => ({
        key: `t-old:${i}`,
        points: 1,
        expire: now.getTime() - 1000,
      })),
    );
    await db.insert(rateLimits).values({ key: "t-live:k", points: 1, expire: now.getTime() + 60_000 });

    const { counts, more } = await pruneExpired(now);
    expect(more).toBe(false);
    expect(counts).toMatchObject({
      deliveries: 4,
      events: 4,
      media_reports: 1,
      emails: 1,
      idempotency_keys: 1,
      rate_limits: RETENTION_BATCH + 20,
    });
    const left = await db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(eq(deliveries.endpointId, w.id));
    expect(left.map((d) => d.id).sort()).toEqual([pending.id, recent.id].sort());
    const attempts = await db
      .select({ d: deliveryAttempts.deliveryId })
      .from(deliveryAttempts)
      .where(
        inArray(
          deliveryAttempts.deliveryId,
          ds.map((d) => d.id),
        ),
      );
    expect(attempts.map((a) => a.d)).toEqual([recent.id]);
    const eventsLeft = await db
      .select({ id: events.id })
      .from(events)
      .where(
        inArray(
          events.id,
          ds.map((d) => d.eventId),
        ),
      );
    expect(eventsLeft.map((e) => e.id).sort()).toEqual([pending.eventId, recent.eventId].sort());
    expect((await db.select().from(mediaReports)).map((r) => r.id)).toEqual(["rep-new"]);
    expect(
      (await db.select({ id: emails.id }).from(emails).where(eq(emails.orgId, org.id)))
        .map((e) => e.id)
        .sort(),
    ).toEqual(["eml-new", "eml-queued"]);
    expect((await db.select().from(idempotencyKeys)).map((k) => k.key)).toEqual(["live"]);
    const counters = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(sql`${rateLimits.key} like 't-%'`);
    expect(counters.map((c) => c.key)).toEqual(["t-live:k"]);

    // A second pass finds nothing more.
    const again = await pruneExpired(now);
    expect(Object.values(again.counts).every((n) => n === 0)).toBe(true);
  });
});

describe("audit log retention", () => {
  const addEntries = addDatedEntries;

  it("prunes an org's oldest entries past the retention and the chain still verifies from the rest", async () => {
    const db = await getDb();
    const a = await createOrg();
    await addEntries(a.id, [daysAgo(500), daysAgo(450), daysAgo(400), daysAgo(10), daysAgo(1)]);
    expect((await verifyAuditChain(db, a.id)).intact).toBe(true);

    const { counts } = await pruneExpired(now);
    expect(counts.audit_log).toBeGreaterThanOrEqual(3);
    const left = await db.select().from(auditLog).where(eq(auditLog.orgId, a.id));
    // The prune itself is the chain's newest entry (docs/decisions/1050).
    expect(left.map((e) => e.seq).sort()).toEqual([4, 5, 6]);
    const [checkpoint] = await db
      .select()
      .from(auditLogCheckpoints)
      .where(eq(auditLogCheckpoints.orgId, a.id));
    expect(checkpoint?.seq).toBe(3);
    const report = await verifyAuditChain(db, a.id);
    expect(report).toMatchObject({ intact: true, entries: 3, first_break: null });
  });

  it("still detects an entry removed after the pruned prefix", async () => {
    const db = await getDb();
    const b = await createOrg();
    await addEntries(b.id, [daysAgo(400), daysAgo(5), daysAgo(4), daysAgo(3)]);
    await pruneExpired(now);
    // Removing entry 3 takes the trigger out of the way (as only a superuser could).
    await db.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
    await db.delete(auditLog).where(sql`${auditLog.orgId} = ${b.id} and ${auditLog.seq} = 3`);
    await db.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
    expect((await verifyAuditChain(db, b.id)).first_break).toMatchObject({ seq: 4, reason: "entry_missing" });
  });

  it("refuses a DELETE outside the retention job, or with a horizon less than 30 days old", async () => {
    const db = await getDb();
    const c = await createOrg();
    await addEntries(c.id, [daysAgo(40), daysAgo(20)]);
    // Drizzle wraps the database's error: the trigger's message is its cause.
    const refused = (p: Promise<unknown>) =>
      p.then(
        () => {
          throw new Error("the delete was not refused");
        },
        (err: { message: string; cause?: { message?: string } }) =>
          expect(err.cause?.message ?? err.message).toMatch(/append-only/),
      );
    await refused(db.delete(auditLog).where(eq(auditLog.orgId, c.id)));
    await refused(
      db.transaction(async (tx) => {
        await tx.execute(
          sql`select set_config('svc.audit_prune_before', ${daysAgo(10).toISOString()}, true)`,
        );
        await tx.delete(auditLog).where(eq(auditLog.orgId, c.id));
      }),
    );
    await refused(db.execute(sql`truncate audit_log`));
    expect(await db.select().from(auditLog).where(eq(auditLog.orgId, c.id))).toHaveLength(2);
  });
});
