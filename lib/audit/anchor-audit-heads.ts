import { sql } from "drizzle-orm";
import { type AnchorStore, anchorsOn } from "@/lib/audit/audit-anchors";
import { verifyAuditChain } from "@/lib/audit/verify-audit-chain";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";

/** Orgs anchored per pass; the rest follow on the next pass (and on every verification). */
export const ANCHOR_ORGS_PER_PASS = 200;

/**
 * Part of the hourly retention pass (docs/decisions/1051): every org whose log grew since `since`
 * is verified, and an intact chain's head is sealed into object storage. A rewrite by the
 * database's owner is then detectable for everything written before the last pass.
 */
export async function anchorAuditHeads(
  db: Db,
  anchors: AnchorStore,
  since: Date,
  now: Date,
): Promise<number> {
  if (!anchorsOn()) return 0;
  // audit_log_created_idx: entries written since the last pass, then their orgs.
  const orgs = rowsOf<{ org_id: string }>(
    await db.execute(sql`
      select distinct org_id from audit_log where created_at >= ${since.toISOString()}::timestamptz
      limit ${ANCHOR_ORGS_PER_PASS}`),
  );
  let anchored = 0;
  for (const { org_id: orgId } of orgs) {
    if ((await verifyAuditChain(db, orgId, now, anchors)).intact) anchored++;
  }
  return anchored;
}
