import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";

/**
 * Audit-log retention (docs/decisions/0965). The log's trigger refuses DELETE except inside a
 * transaction that sets `svc.audit_prune_before`, for entries created before that horizon, and
 * only when the horizon is at least 30 days old. Per org, the oldest entries go (a prefix of the
 * org's hash chain, never a hole in it), and `audit_log_checkpoints` records the last removed
 * entry's seq and hash: verification starts there, so removing anything else is still detected.
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
    await tx.execute(sql`select set_config('svc.audit_prune_before', ${horizon}, true)`);
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
    const [last] = rowsOf<{ seq: number | string; hash: string }>(
      await tx.execute(sql`select seq, hash from audit_log where org_id = ${orgId} and seq = ${upto}`),
    );
    if (!last) return 0;
    const gone = rowsOf(
      await tx.execute(sql`
        delete from audit_log where org_id = ${orgId} and seq <= ${upto}
          and created_at < ${horizon}::timestamptz
        returning 1 as gone`),
    ).length;
    await tx.execute(sql`
      insert into audit_log_checkpoints (org_id, seq, hash, pruned_before, updated_at)
      values (${orgId}, ${upto}, ${last.hash}, ${horizon}::timestamptz, now())
      on conflict (org_id) do update set seq = excluded.seq, hash = excluded.hash,
        pruned_before = excluded.pruned_before, updated_at = excluded.updated_at`);
    return gone;
  });
}
