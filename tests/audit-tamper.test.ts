import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, auditLogCheckpoints } from "@/db/schema";
import { appRoleGrants } from "@/lib/audit/app-role-grants";
import { seal } from "@/lib/audit/audit-seal";
import type { AuditChainReport } from "@/lib/audit/verify-audit-chain";
import { getDb, type Tx } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { newId } from "@/lib/ids";
import { pruneExpired, retentionPass } from "@/lib/retention/run-retention";
import { auditAnchorObjects } from "@/lib/storage/audit-anchor-objects";
import { call } from "./helpers/app";
import { addDatedEntries, asTableOwner, rechain, sealedEntry } from "./helpers/audit";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * Issue 39 item 3 replayed: each tampering the red team did against the audit log, and
 * `GET /v1/workspace/audit-log/verify` reporting it (docs/decisions/1050, 1051, 1052).
 */
const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function verify(o: TestOrg): Promise<AuditChainReport> {
  const res = await call<AuditChainReport>("GET", "/v1/workspace/audit-log/verify", {
    token: o.members.Owner.token,
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function chainOf(orgId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(eq(auditLog.orgId, orgId)).orderBy(asc(auditLog.seq));
}

/** A role with only SELECT, INSERT, UPDATE and DELETE on the audit tables, as the red team had. */
const DML_ROLE = "svc_audit_dml_only";
beforeAll(async () => {
  const db = await getDb();
  const [exists] = rowsOf(await db.execute(sql`select 1 from pg_roles where rolname = ${DML_ROLE}`));
  if (!exists) await db.execute(sql.raw(`create role ${DML_ROLE}`));
  await db.execute(
    sql.raw(`grant select, insert, update, delete on audit_log, audit_log_checkpoints to ${DML_ROLE}`),
  );
});

/** Runs `work` as `role` inside one transaction (SET LOCAL ROLE: the grants are the role's). */
async function asRole<T>(role: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local role ${role}`));
    return work(tx);
  });
}

const errorText = (err: unknown) => {
  const e = err as { message?: string; cause?: { message?: string } };
  return `${e.message ?? ""} ${e.cause?.message ?? ""}`;
};

describe("audit log tampering is detected", () => {
  it("a back-dated created_at is replaced by the database's own clock", async () => {
    const o = await createOrg();
    const before = Date.now();
    const db = await getDb();
    await db.insert(auditLog).values({
      ...sealedEntry({
        id: newId("audit"),
        orgId: o.id,
        actorType: "user",
        actorId: "usr_x",
        action: "plan.selected",
      }),
      createdAt: daysAgo(400),
    });
    const [row] = await chainOf(o.id);
    // The database's clock, not the writer's: no earlier than when the test began (less a
    // minute of clock skew between the test and the database).
    expect(row?.createdAt.getTime()).toBeGreaterThan(before - 60_000);
    // So retention's horizon cannot reach it either.
    expect((await pruneExpired(new Date())).counts.audit_log).toBe(0);
    expect(await chainOf(o.id)).toHaveLength(1);
    expect((await verify(o)).intact).toBe(true);
  });

  it("a DML-only role setting svc.audit_prune_before and deleting a middle entry, then inserting a checkpoint", async () => {
    const o = await createOrg();
    await addDatedEntries(o.id, [daysAgo(400), daysAgo(300), daysAgo(200), daysAgo(100), daysAgo(1)]);
    expect((await verify(o)).intact).toBe(true);
    const third = (await chainOf(o.id))[2];
    // The trigger lets a transaction with an old enough horizon delete old entries: the attack.
    await asRole(DML_ROLE, async (tx) => {
      await tx.execute(sql`select set_config('svc.audit_prune_before', ${daysAgo(150).toISOString()}, true)`);
      await tx.delete(auditLog).where(eq(auditLog.id, third?.id ?? ""));
    });
    expect(await verify(o)).toMatchObject({
      intact: false,
      first_break: { seq: 4, reason: "entry_missing" },
    });
    // One row into audit_log_checkpoints used to make the rest verify: now it carries no seal.
    await asRole(DML_ROLE, (tx) =>
      tx.insert(auditLogCheckpoints).values({
        orgId: o.id,
        seq: 3,
        hash: third?.hash ?? "",
        prunedBefore: daysAgo(150),
      }),
    );
    expect(await verify(o)).toMatchObject({
      intact: false,
      first_break: { seq: 3, id: null, reason: "checkpoint_unsealed" },
    });
    // A seal made up, or an entry claiming a prune, does not verify either.
    await asRole(DML_ROLE, async (tx) => {
      await tx
        .update(auditLogCheckpoints)
        .set({ seal: "x".repeat(43) })
        .where(eq(auditLogCheckpoints.orgId, o.id));
      await tx.insert(auditLog).values({
        id: newId("audit"),
        orgId: o.id,
        actorType: "system",
        actorId: "retention",
        action: "audit.pruned",
        metadata: { through_seq: 3, through_hash: third?.hash ?? "", pruned_before: "x", seal: "y" },
      });
    });
    const report = await verify(o);
    expect(report.intact).toBe(false);
    expect(report.first_break?.reason).toBe("checkpoint_unsealed");
  });

  it("a DML-only role removing the oldest entries and writing a checkpoint for them", async () => {
    const o = await createOrg();
    await addDatedEntries(o.id, [daysAgo(400), daysAgo(300), daysAgo(2)]);
    const rows = await chainOf(o.id);
    await asRole(DML_ROLE, async (tx) => {
      await tx.execute(sql`select set_config('svc.audit_prune_before', ${daysAgo(100).toISOString()}, true)`);
      await tx.delete(auditLog).where(sql`${auditLog.orgId} = ${o.id} and ${auditLog.seq} <= 2`);
      await tx.insert(auditLogCheckpoints).values({
        orgId: o.id,
        seq: 2,
        hash: rows[1]?.hash ?? "",
        prunedBefore: daysAgo(100),
        seal: "forged",
      });
    });
    expect((await verify(o)).first_break).toMatchObject({ seq: 2, reason: "checkpoint_unsealed" });
  });

  it("retention's own prune is sealed, recorded in the chain, and verifies", async () => {
    const o = await createOrg();
    await addDatedEntries(o.id, [daysAgo(500), daysAgo(450), daysAgo(3)]);
    await pruneExpired(new Date());
    const rows = await chainOf(o.id);
    expect(rows.map((r) => [r.seq, r.action])).toEqual([
      [3, "plan.selected"],
      [4, "audit.pruned"],
    ]);
    expect(rows[1]?.metadata).toMatchObject({ through_seq: 2 });
    expect(await verify(o)).toMatchObject({ intact: true, entries: 2, first_break: null });
    // Putting an older, once-valid checkpoint back (a replay) is caught: the chain's newest
    // prune entry names another one.
    const db = await getDb();
    const [cp] = await db.select().from(auditLogCheckpoints).where(eq(auditLogCheckpoints.orgId, o.id));
    const older = { orgId: o.id, seq: 1, hash: "0".repeat(64), prunedBefore: cp?.prunedBefore ?? new Date() };
    await db
      .update(auditLogCheckpoints)
      .set({
        seq: 1,
        hash: older.hash,
        seal: seal({
          kind: "prune",
          orgId: o.id,
          throughSeq: 1,
          throughHash: older.hash,
          prunedBefore: older.prunedBefore.toISOString(),
        }),
      })
      .where(eq(auditLogCheckpoints.orgId, o.id));
    expect((await verify(o)).intact).toBe(false);
  });

  it("the table owner disabling the triggers, rewriting, deleting and re-chaining", async () => {
    const o = await createOrg();
    await addDatedEntries(o.id, [daysAgo(9), daysAgo(8), daysAgo(7), daysAgo(6)]);
    // A verification (or the retention pass) anchors the head outside the database.
    const before = await verify(o);
    expect(before).toMatchObject({ intact: true, head: { seq: 4 } });
    expect(before.head?.seal).toMatch(/^[\w-]{43}$/);
    const db = await getDb();
    const rows = await chainOf(o.id);
    await asTableOwner(async () => {
      await db
        .update(auditLog)
        .set({ ip: "198.51.100.7" })
        .where(eq(auditLog.id, rows[1]?.id ?? ""));
      await db.delete(auditLog).where(eq(auditLog.id, rows[2]?.id ?? ""));
      await rechain(o.id);
    });
    // Every hash and link matches again; only the anchor shows it.
    const after = await verify(o);
    expect(after).toMatchObject({
      intact: false,
      entries: 3,
      anchor: { seq: 4 },
      first_break: { seq: 4, id: null, reason: "anchor_mismatch" },
    });
    // Wiping the whole log is no way out either.
    await asTableOwner(() => db.delete(auditLog).where(eq(auditLog.orgId, o.id)));
    expect((await verify(o)).first_break).toMatchObject({ reason: "anchor_mismatch" });
  });

  it("the hourly retention pass anchors the heads of logs that grew", async () => {
    const o = await createOrg();
    await addDatedEntries(o.id, [daysAgo(3)]);
    const db = await getDb();
    await db.insert(auditLog).values(
      sealedEntry({
        id: newId("audit"),
        orgId: o.id,
        actorType: "user",
        actorId: "u",
        action: "plan.selected",
      }),
    );
    const { summary } = await retentionPass({ now: new Date() });
    expect(summary?.audit_anchors).toBeGreaterThanOrEqual(1);
    expect((await verify(o)).anchor).toMatchObject({ seq: 2 });
  });

  it("an anchor object whose seal does not verify is reported", async () => {
    const o = await createOrg();
    await addDatedEntries(o.id, [daysAgo(2)]);
    const [row] = await chainOf(o.id);
    await auditAnchorObjects.put(
      `audit-anchors/${o.id}.json`,
      Buffer.from(
        JSON.stringify({ org_id: o.id, seq: 1, hash: row?.hash, anchored_at: "x", seal: "made-up" }),
      ),
    );
    expect((await verify(o)).first_break).toMatchObject({ seq: null, reason: "anchor_invalid" });
  });
});

describe("an app role that does not own the audit tables (npm run db:app-role)", () => {
  const APP_ROLE = "svc_app_not_owner";
  beforeAll(async () => {
    const db = await getDb();
    const [exists] = rowsOf(await db.execute(sql`select 1 from pg_roles where rolname = ${APP_ROLE}`));
    if (!exists) await db.execute(sql.raw(`create role ${APP_ROLE} login`));
    for (const s of appRoleGrants(APP_ROLE)) await db.execute(sql.raw(s));
  });

  it("appends and prunes, but cannot delete, rewrite, truncate, re-chain or forge a checkpoint", async () => {
    const o = await createOrg();
    await addDatedEntries(o.id, [daysAgo(400), daysAgo(1)]);
    const refused = async (work: (tx: Tx) => Promise<unknown>) => {
      const err = await asRole(APP_ROLE, work).then(
        () => null,
        (e: unknown) => e,
      );
      expect(errorText(err)).toMatch(/permission denied|must be owner/);
    };
    await refused((tx) => tx.delete(auditLog).where(eq(auditLog.orgId, o.id)));
    await refused((tx) => tx.update(auditLog).set({ ip: "x" }).where(eq(auditLog.orgId, o.id)));
    await refused((tx) => tx.execute(sql`truncate audit_log`));
    await refused((tx) => tx.execute(sql`alter table audit_log disable trigger user`));
    await refused((tx) =>
      tx.insert(auditLogCheckpoints).values({ orgId: o.id, seq: 1, hash: "h", prunedBefore: daysAgo(100) }),
    );
    // What the app does: append, read, and prune through the database's function.
    await asRole(APP_ROLE, (tx) =>
      tx.insert(auditLog).values(
        sealedEntry({
          id: newId("audit"),
          orgId: o.id,
          actorType: "user",
          actorId: "u",
          action: "plan.selected",
        }),
      ),
    );
    const [first] = await chainOf(o.id);
    const horizon = daysAgo(100).toISOString();
    const sealed = seal({
      kind: "prune",
      orgId: o.id,
      throughSeq: 1,
      throughHash: first?.hash ?? "",
      prunedBefore: horizon,
    });
    await asRole(APP_ROLE, (tx) =>
      tx.execute(
        sql`select audit_log_prune(${o.id}, 1, ${first?.hash ?? ""}, ${horizon}::timestamptz, ${sealed}, ${newId("audit")})`,
      ),
    );
    expect(await verify(o)).toMatchObject({ intact: true, entries: 3 });
    // The function removes only a prefix older than a horizon at least 30 days back.
    const second = (await chainOf(o.id))[0];
    const err = await asRole(APP_ROLE, (tx) =>
      tx.execute(
        sql`select audit_log_prune(${o.id}, 2, ${second?.hash ?? ""}, ${horizon}::timestamptz, 'x', ${newId("audit")})`,
      ),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(errorText(err)).toMatch(/not all older than the horizon/);
  });

  it.runIf(process.env.DATABASE_URL)(
    "runs the app's retention as that login role on PostgreSQL",
    async () => {
      const o = await createOrg();
      await addDatedEntries(o.id, [daysAgo(400), daysAgo(2)]);
      const db = await getDb();
      const [here] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
      const url = new URL(process.env.DATABASE_URL ?? "");
      url.username = APP_ROLE;
      url.pathname = `/${here?.name ?? ""}`;
      const { openPostgres } = await import("@/lib/db");
      const { pruneAuditLog } = await import("@/lib/retention/prune-audit-log");
      const asApp = await openPostgres(url.toString());
      try {
        const [who] = rowsOf<{ u: string }>(await asApp.db.execute(sql`select current_user as u`));
        expect(who?.u).toBe(APP_ROLE);
        expect(await pruneAuditLog(asApp.db, daysAgo(100), 100)).toBeGreaterThanOrEqual(1);
        const err = await asApp.db.execute(sql`delete from audit_log where org_id = ${o.id}`).then(
          () => null,
          (e: unknown) => e,
        );
        expect(errorText(err)).toMatch(/permission denied/);
      } finally {
        await asApp.close();
      }
      expect(await verify(o)).toMatchObject({ intact: true, entries: 2 });
    },
  );
});
