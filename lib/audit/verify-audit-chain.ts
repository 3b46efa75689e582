import { and, asc, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { auditLog, auditLogCheckpoints } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";

/** The chain's first link points at this (docs/decisions/0882). */
export const GENESIS_HASH = "0".repeat(64);

export const auditChainReportSchema = z
  .object({
    intact: z.boolean(),
    entries: z.number().int().min(0),
    /** The newest entry: record its hash somewhere else to detect a rewrite of the whole chain. */
    head: z.object({ seq: z.number().int(), hash: z.string(), created_at: z.string() }).nullable(),
    first_break: z
      .object({
        seq: z.number().int().nullable(),
        id: z.string(),
        reason: z.enum(["entry_changed", "link_broken", "entry_missing"]),
      })
      .nullable(),
    checked_at: z.string(),
  })
  .meta({ id: "AuditChainReport" });
export type AuditChainReport = z.output<typeof auditChainReportSchema>;

/** Entries read per query while walking the chain. */
const PAGE = 1000;

/**
 * Walks one org's chain in order: every entry's stored hash must equal the hash of its fields as
 * the database computes it now, name the previous entry's hash, and follow it by exactly one.
 * Reports the first place the chain breaks.
 */
export async function verifyAuditChain(
  db: DbOrTx,
  orgId: string,
  now = new Date(),
): Promise<AuditChainReport> {
  let entries = 0;
  // After retention pruned the oldest entries, the chain starts after the last pruned one
  // (audit_log_checkpoints, docs/decisions/0965): the oldest remaining entry must link to it.
  const [checkpoint] = await db
    .select()
    .from(auditLogCheckpoints)
    .where(eq(auditLogCheckpoints.orgId, orgId));
  let prev: { seq: number; hash: string; createdAt: Date } | null = checkpoint
    ? { seq: checkpoint.seq, hash: checkpoint.hash, createdAt: checkpoint.prunedBefore }
    : null;
  let firstBreak: AuditChainReport["first_break"] = null;
  for (;;) {
    const rows = await db
      .select({
        id: auditLog.id,
        seq: auditLog.seq,
        prevHash: auditLog.prevHash,
        hash: auditLog.hash,
        createdAt: auditLog.createdAt,
        // The same function the insert trigger used, over the row as it is now.
        recomputed: sql<string>`audit_log_entry_hash("audit_log")`,
      })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, orgId), prev ? gt(auditLog.seq, prev.seq) : undefined))
      .orderBy(asc(auditLog.seq))
      .limit(PAGE);
    for (const r of rows) {
      entries++;
      if (!firstBreak) {
        const reason =
          r.seq === null || r.hash === null || r.hash !== r.recomputed
            ? "entry_changed"
            : r.seq !== (prev?.seq ?? 0) + 1
              ? "entry_missing"
              : r.prevHash !== (prev?.hash ?? GENESIS_HASH)
                ? "link_broken"
                : null;
        if (reason) firstBreak = { seq: r.seq, id: r.id, reason };
      }
      if (r.seq === null) continue;
      prev = { seq: r.seq, hash: r.hash ?? "", createdAt: r.createdAt };
    }
    if (rows.length < PAGE) break;
  }
  return {
    intact: firstBreak === null,
    entries,
    head: prev ? { seq: prev.seq, hash: prev.hash, created_at: prev.createdAt.toISOString() } : null,
    first_break: firstBreak,
    checked_at: now.toISOString(),
  };
}
