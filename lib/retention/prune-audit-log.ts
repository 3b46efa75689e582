import { sql } from "drizzle-orm";
import { seal } from "@/lib/audit/audit-seal";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { newId } from "@/lib/ids";

/**
 * Audit-log retention (docs/decisions/0965, 1050). Per org, the oldest entries go (a prefix of the
 * org's hash chain, never a hole in it) through the database's `audit_log_prune` function, which
 * deletes them, records the checkpoint and appends an `audit.pruned` entry to the chain. Both carry
 * a seal computed here with the audit key, which the database never sees: a checkpoint or prune
 * entry written by anyone else does not verify.
 */
export async function pruneAuditLog(db: Db, before: Date, limit: number): Promise<number> {
  // audit_log_created_idx: orgs with entries past the horizon.
  const orgs = rowsOf<{ org_id: string }>(
    await db.execute(sql`
      select distinct org_id from (
        select org_id from audit_log where created_at < ${before.toISOString()}::timestamptz
        order by created_at limit ${limit}
      ) expired`),
  );
  let removed = 0;
  for (const { org_id: orgId } of orgs) {
    if (removed >= limit) break;
    removed += await pruneOrgPrefix(db, orgId, before, limit - removed);
  }
  return removed;
}

async function pruneOrgPrefix(db: Db, orgId: string, before: Date, limit: number): Promise<number> {
  const horizon = before.toISOString();
  return db.transaction(async (tx) => {
    // The same lock the insert trigger takes: the prefix cannot grow a newer entry meanwhile.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`audit_log:${orgId}`}, 0))`);
    // The chain's prefix that is wholly past the horizon: below the first entry that is not
    // (audit_log_org_seq_idx, audit_log_org_created_idx), at most `limit` entries.
    const [bounds] = rowsOf<{ upto: number | string | null }>(
      await tx.execute(sql`
        with keep as (
          select min(seq) as first_kept from audit_log
          where org_id = ${orgId} and created_at >= ${horizon}::timestamptz
        ), oldest as (
          select min(seq) as first from audit_log where org_id = ${orgId}
        )
        select least(
          coalesce((select first_kept from keep) - 1, (select max(seq) from audit_log where org_id = ${orgId})),
          (select first from oldest) + ${limit} - 1
        ) as upto`),
    );
    const upto = bounds?.upto === null || bounds?.upto === undefined ? null : Number(bounds.upto);
    if (upto === null) return 0;
    const [last] = rowsOf<{ hash: string }>(
      await tx.execute(sql`select hash from audit_log where org_id = ${orgId} and seq = ${upto}`),
    );
    if (!last) return 0;
    const sealed = seal({
      kind: "prune",
      orgId,
      throughSeq: upto,
      throughHash: last.hash,
      prunedBefore: horizon,
    });
    const [out] = rowsOf<{ gone: number | string }>(
      await tx.execute(sql`
        select audit_log_prune(${orgId}, ${upto}, ${last.hash}, ${horizon}::timestamptz,
          ${sealed}, ${newId("audit")}) as gone`),
    );
    return Number(out?.gone ?? 0);
  });
}
