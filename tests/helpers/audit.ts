import { asc, eq, sql } from "drizzle-orm";
import { auditLog } from "@/db/schema";
import type { AuditAction } from "@/lib/audit/audit-actions";
import { sealEntry } from "@/lib/audit/audit-seal";
import { GENESIS_HASH } from "@/lib/audit/verify-audit-chain";
import { getDb } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { newId } from "@/lib/ids";

/**
 * What only the owner of the audit tables can do: switch every trigger off, change rows, and
 * re-chain the whole log so each hash matches again. Tests use it to stand in for the owner's
 * attack and (the same way) to date entries in the past, which the insert trigger no longer allows.
 */
export async function asTableOwner(change: () => Promise<unknown>): Promise<void> {
  const db = await getDb();
  await db.execute(sql`alter table audit_log disable trigger user`);
  try {
    await change();
  } finally {
    await db.execute(sql`alter table audit_log enable trigger user`);
  }
}

/** Recomputes every link and hash of the org's chain in seq order (triggers must be off). */
export async function rechain(orgId: string): Promise<void> {
  const db = await getDb();
  const rows = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(eq(auditLog.orgId, orgId))
    .orderBy(asc(auditLog.seq));
  let prev = GENESIS_HASH;
  let seq = 0;
  for (const { id } of rows) {
    seq++;
    await db.execute(sql`update audit_log set seq = ${seq}, prev_hash = ${prev} where id = ${id}`);
    const [r] = rowsOf<{ hash: string }>(
      await db.execute(
        sql`update audit_log set hash = audit_log_entry_hash(audit_log) where id = ${id} returning hash`,
      ),
    );
    prev = r?.hash ?? "";
  }
}

/**
 * An entry as the app writes it: sealed with the audit key (lib/audit/record-audit.ts). A row
 * without this is what a leaked database credential inserts, and verification reports it.
 */
export function sealedEntry(e: {
  id: string;
  orgId: string;
  actorType: "user" | "api_key" | "system";
  actorId: string;
  action: AuditAction;
  metadata?: Record<string, unknown>;
}) {
  const facts = {
    actorLabel: null,
    targetType: null,
    targetId: null,
    ip: null,
    userAgent: null,
    requestId: null,
    metadata: {},
    ...e,
  };
  return { ...facts, seal: sealEntry(facts) };
}

/** Appends entries through the trigger (chained, stamped now) and then dates them `created`, re-chained. */
export async function addDatedEntries(orgId: string, created: Date[]): Promise<void> {
  const db = await getDb();
  const ids: string[] = [];
  for (let i = 0; i < created.length; i++) {
    const id = newId("audit");
    ids.push(id);
    await db
      .insert(auditLog)
      .values(sealedEntry({ id, orgId, actorType: "user", actorId: "usr_x", action: "plan.selected" }));
  }
  await asTableOwner(async () => {
    for (const [i, id] of ids.entries()) {
      const at = created[i] as Date;
      await db.update(auditLog).set({ createdAt: at }).where(eq(auditLog.id, id));
    }
    await rechain(orgId);
  });
}
