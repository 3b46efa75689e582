import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import type { AuditChainReport } from "@/lib/audit/verify-audit-chain";
import { auditChainReportSchema, GENESIS_HASH } from "@/lib/audit/verify-audit-chain";
import { getDb } from "@/lib/db";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

let org: TestOrg;
beforeAll(async () => {
  org = await createOrg({ name: "Chained" });
});

async function verify(o: TestOrg): Promise<AuditChainReport> {
  const res = await call<AuditChainReport>("GET", "/v1/workspace/audit-log/verify", {
    token: o.members.Owner.token,
  });
  expect(res.status).toBe(200);
  expect(auditChainReportSchema.safeParse(res.body).success).toBe(true);
  return res.body;
}

/** Mints `n` API keys at once: each is an audited change in its own transaction. */
async function mintKeys(o: TestOrg, n: number): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, i) =>
      call("POST", `/v1/workspace/projects/${o.projectId}/api-keys`, {
        token: o.members.Developer.token,
        json: { name: `Key ${i}` },
      }),
    ),
  );
  for (const a of answers) expect(a.status).toBe(201);
}

/** The way an attacker with SQL would go: switch the append-only trigger off, change, switch it back. */
async function tamper(change: () => Promise<unknown>): Promise<void> {
  const db = await getDb();
  await db.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`);
  try {
    await change();
  } finally {
    await db.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`);
  }
}

async function chainOf(orgId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(eq(auditLog.orgId, orgId)).orderBy(asc(auditLog.seq));
}

describe("audit log hash chain", () => {
  it("refuses TRUNCATE as it refuses UPDATE and DELETE", async () => {
    await mintKeys(org, 1);
    const db = await getDb();
    const err = await db.execute(sql`truncate audit_log`).then(
      () => null,
      (e: unknown) => e,
    );
    // Refused by our trigger (drizzle wraps the database's error as the cause).
    expect(String((err as { cause?: unknown } | null)?.cause)).toMatch(/append-only: TRUNCATE/);
    expect((await chainOf(org.id)).length).toBeGreaterThan(0);
  });

  it("chains concurrent entries without a fork: numbered 1..n, each naming the previous hash", async () => {
    const o = await createOrg({ name: "Concurrent" });
    await mintKeys(o, 25);
    const rows = await chainOf(o.id);
    expect(rows.map((r) => r.seq)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(rows[0]?.prevHash).toBe(GENESIS_HASH);
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
    expect(new Set(rows.map((r) => r.hash)).size).toBe(25);
    const report = await verify(o);
    expect(report).toMatchObject({ intact: true, entries: 25, first_break: null });
    expect(report.head).toMatchObject({ seq: 25, hash: rows[24]?.hash });
    // Another org's chain starts at 1 of its own.
    expect(await verify(await createOrg())).toMatchObject({ intact: true, entries: 0, head: null });
  });

  it("reports an edited entry, a re-hashed one that no longer links, and a removed one", async () => {
    const o = await createOrg({ name: "Tampered" });
    await mintKeys(o, 6);
    const db = await getDb();
    const rows = await chainOf(o.id);
    const third = rows[2]?.id ?? "";
    await tamper(() => db.update(auditLog).set({ ip: "203.0.113.200" }).where(eq(auditLog.id, third)));
    expect(await verify(o)).toMatchObject({
      intact: false,
      entries: 6,
      first_break: { seq: 3, id: third, reason: "entry_changed" },
    });
    // Re-hashing the edited entry (no secret is needed) breaks the next link, and the entry's own
    // seal, made with a key the database does not hold, still names it (docs/decisions/1264).
    await tamper(() =>
      db.execute(sql`update audit_log set hash = audit_log_entry_hash(audit_log) where id = ${third}`),
    );
    expect((await verify(o)).first_break).toMatchObject({ seq: 3, id: third, reason: "entry_unsealed" });
    const o2 = await createOrg({ name: "Removed" });
    await mintKeys(o2, 4);
    const second = (await chainOf(o2.id))[1]?.id ?? "";
    await tamper(() => db.delete(auditLog).where(eq(auditLog.id, second)));
    expect(await verify(o2)).toMatchObject({
      intact: false,
      entries: 3,
      first_break: { seq: 3, reason: "entry_missing" },
    });
  });

  it("is for Owners only", async () => {
    for (const role of ["Admin", "Developer", "Member", "Billing", "Viewer"] as const) {
      expectProblem(
        await call("GET", "/v1/workspace/audit-log/verify", { token: org.members[role].token }),
        403,
        "forbidden_workspace_role",
      );
    }
    expectProblem(await call("GET", "/v1/workspace/audit-log/verify"), 401, "unauthenticated");
    expectProblem(
      await call("POST", "/v1/workspace/audit-log/verify", { token: org.members.Owner.token }),
      405,
      "method_not_allowed",
    );
  });
});
