import { and, asc, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { auditLog, auditLogCheckpoints, auditSealEpoch } from "@/db/schema";
import { type AnchorStore, readAnchor, sealHead, writeAnchor } from "@/lib/audit/audit-anchors";
import { sealValid } from "@/lib/audit/audit-seal";
import type { DbOrTx } from "@/lib/db";

/** The chain's first link points at this (docs/decisions/0882). */
export const GENESIS_HASH = "0".repeat(64);

export const CHAIN_BREAKS = [
  /** The entry's fields no longer match its hash. */
  "entry_changed",
  /** The entry does not name the previous entry's hash. */
  "link_broken",
  /** A number is skipped: an entry was removed. */
  "entry_missing",
  /** The entry is older than the one before it (the database stamps entries in order). */
  "time_reversed",
  /** The prune checkpoint has no valid seal, or no sealed prune entry in the chain matches it. */
  "checkpoint_unsealed",
  /** An `audit.pruned` entry whose seal does not verify: not written by the retention job. */
  "prune_unsealed",
  /** The sealed head kept outside the database no longer matches the chain (a rewrite). */
  "anchor_mismatch",
  /** The anchor object in storage is present but its seal does not verify. */
  "anchor_invalid",
  /**
   * An entry stamped since sealing began whose seal is missing or does not verify: not written by
   * the app (an INSERT with a leaked database credential; docs/decisions/1264).
   */
  "entry_unsealed",
] as const;
export type ChainBreak = (typeof CHAIN_BREAKS)[number];

export const auditChainReportSchema = z
  .object({
    intact: z.boolean(),
    entries: z.number().int().min(0),
    /**
     * The newest entry, with `seal`: an HMAC of it with the audit key, which the database does not
     * hold. Keep it elsewhere to detect a later rewrite of the whole chain.
     */
    head: z
      .object({ seq: z.number().int(), hash: z.string(), created_at: z.string(), seal: z.string() })
      .nullable(),
    /** The sealed head last written to object storage that this check compared against. */
    anchor: z.object({ seq: z.number().int(), anchored_at: z.string() }).nullable(),
    first_break: z
      .object({
        seq: z.number().int().nullable(),
        /** The entry's id; null when the break is in the checkpoint or the anchor. */
        id: z.string().nullable(),
        reason: z.enum(CHAIN_BREAKS),
      })
      .nullable(),
    checked_at: z.string(),
  })
  .meta({ id: "AuditChainReport" });
export type AuditChainReport = z.output<typeof auditChainReportSchema>;

/** Entries read per query while walking the chain. */
const PAGE = 1000;

const pruneMeta = z.object({
  through_seq: z.number().int(),
  through_hash: z.string(),
  pruned_before: z.string(),
  seal: z.string(),
});

type Break = NonNullable<AuditChainReport["first_break"]>;

/**
 * Walks one org's chain in order (docs/decisions/0882, 1050, 1051): every entry's stored hash must
 * equal the hash of its fields as the database computes it now, name the previous entry's hash,
 * follow it by exactly one and not be older. A pruned prefix must be vouched for by a sealed
 * checkpoint that the newest sealed `audit.pruned` entry repeats, and the chain must still hold the
 * sealed head last anchored in object storage. Reports the first place it breaks; an intact chain's
 * head becomes the new anchor.
 */
export async function verifyAuditChain(
  db: DbOrTx,
  orgId: string,
  now = new Date(),
  /** Where sealed heads are kept (lib/storage/audit-anchor-objects.ts); without it, none are checked. */
  anchors?: AnchorStore,
): Promise<AuditChainReport> {
  let entries = 0;
  let firstBreak: Break | null = null;
  const broke = (b: Break) => {
    firstBreak ??= b;
  };
  const [checkpoint] = await db
    .select()
    .from(auditLogCheckpoints)
    .where(eq(auditLogCheckpoints.orgId, orgId));
  const cpFacts = checkpoint
    ? {
        kind: "prune" as const,
        orgId,
        throughSeq: checkpoint.seq,
        throughHash: checkpoint.hash,
        prunedBefore: checkpoint.prunedBefore.toISOString(),
      }
    : null;
  if (checkpoint && cpFacts && !sealValid(cpFacts, checkpoint.seal)) {
    broke({ seq: checkpoint.seq, id: null, reason: "checkpoint_unsealed" });
  }
  // After retention pruned the oldest entries, the chain starts after the last pruned one.
  let prev: { seq: number; hash: string; createdAt: Date | null } | null = checkpoint
    ? { seq: checkpoint.seq, hash: checkpoint.hash, createdAt: null }
    : null;
  /** The newest prune entry met on the walk: it must repeat the checkpoint. */
  let lastPrune: z.output<typeof pruneMeta> | null = null;
  const anchorRead = anchors ? await readAnchor(anchors, orgId) : ({ state: "none" } as const);
  const anchor = anchorRead.state === "valid" ? anchorRead.anchor : null;
  if (anchorRead.state === "invalid") broke({ seq: null, id: null, reason: "anchor_invalid" });
  let anchoredHashSeen: string | undefined;
  // Entries stamped from here on must carry the app's seal; without the row (never, short of the
  // owner deleting it) every entry must.
  const [epoch] = await db.select().from(auditSealEpoch).limit(1);
  const sealedFrom = epoch?.sealedFrom ?? new Date(0);
  for (;;) {
    const rows = await db
      .select({
        id: auditLog.id,
        seq: auditLog.seq,
        prevHash: auditLog.prevHash,
        hash: auditLog.hash,
        action: auditLog.action,
        metadata: auditLog.metadata,
        createdAt: auditLog.createdAt,
        actorType: auditLog.actorType,
        actorId: auditLog.actorId,
        actorLabel: auditLog.actorLabel,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        ip: auditLog.ip,
        userAgent: auditLog.userAgent,
        requestId: auditLog.requestId,
        seal: auditLog.seal,
        // The same function the insert trigger used, over the row as it is now.
        recomputed: sql<string>`audit_log_entry_hash("audit_log")`,
      })
      .from(auditLog)
      .where(and(eq(auditLog.orgId, orgId), prev ? gt(auditLog.seq, prev.seq) : undefined))
      .orderBy(asc(auditLog.seq))
      .limit(PAGE);
    for (const r of rows) {
      entries++;
      const reason: ChainBreak | null =
        r.seq === null || r.hash === null || r.hash !== r.recomputed
          ? "entry_changed"
          : r.seq !== (prev?.seq ?? 0) + 1
            ? "entry_missing"
            : r.prevHash !== (prev?.hash ?? GENESIS_HASH)
              ? "link_broken"
              : prev?.createdAt && r.createdAt < prev.createdAt
                ? "time_reversed"
                : null;
      if (reason) broke({ seq: r.seq, id: r.id, reason });
      // Prune entries are written by the database's function and carry their own seal (below).
      if (
        r.action !== "audit.pruned" &&
        r.createdAt >= sealedFrom &&
        !sealValid({ kind: "entry", ...r, orgId }, r.seal)
      ) {
        broke({ seq: r.seq, id: r.id, reason: "entry_unsealed" });
      }
      if (r.action === "audit.pruned") {
        const m = pruneMeta.safeParse(r.metadata);
        const sealed =
          m.success &&
          sealValid(
            {
              kind: "prune",
              orgId,
              throughSeq: m.data.through_seq,
              throughHash: m.data.through_hash,
              prunedBefore: m.data.pruned_before,
            },
            m.data.seal,
          );
        if (!sealed || !m.success) broke({ seq: r.seq, id: r.id, reason: "prune_unsealed" });
        else lastPrune = m.data;
      }
      if (r.seq === null) continue;
      if (anchor && r.seq === anchor.seq) anchoredHashSeen = r.hash ?? "";
      prev = { seq: r.seq, hash: r.hash ?? "", createdAt: r.createdAt };
    }
    if (rows.length < PAGE) break;
  }
  if (cpFacts) {
    // The checkpoint must be the one the newest sealed prune entry recorded: an older sealed
    // checkpoint put back would skip entries that a later, recorded prune did not remove.
    const repeated =
      lastPrune !== null &&
      lastPrune.through_seq === cpFacts.throughSeq &&
      lastPrune.through_hash === cpFacts.throughHash;
    if (!repeated) broke({ seq: cpFacts.throughSeq, id: null, reason: "checkpoint_unsealed" });
  }
  if (anchor) {
    const pruned = cpFacts && anchor.seq <= cpFacts.throughSeq;
    const matches = pruned
      ? anchor.seq < cpFacts.throughSeq || anchor.hash === cpFacts.throughHash
      : anchoredHashSeen === anchor.hash;
    if (!matches) broke({ seq: anchor.seq, id: null, reason: "anchor_mismatch" });
  }
  const head =
    prev && entries > 0
      ? {
          seq: prev.seq,
          hash: prev.hash,
          created_at: (prev.createdAt ?? now).toISOString(),
          seal: sealHead(orgId, prev),
        }
      : null;
  if (anchors && firstBreak === null && head && (!anchor || head.seq > anchor.seq)) {
    await writeAnchor(anchors, orgId, head, now);
  }
  return {
    intact: firstBreak === null,
    entries,
    head,
    anchor: anchor ? { seq: anchor.seq, anchored_at: anchor.anchored_at } : null,
    first_break: firstBreak,
    checked_at: now.toISOString(),
  };
}
