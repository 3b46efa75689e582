import { sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/lib/db";
import { log } from "@/lib/log/logger";

/**
 * "Last used" without a database write per request: authentication notes the time in memory and
 * one batched UPDATE writes every key's newest use at most once a minute. A crash loses at most a
 * minute of last-use times, never an authentication decision (those always read the database).
 */
export const FLUSH_INTERVAL_MS = 60_000;

const state = globalThis as typeof globalThis & {
  __svcKeyUse?: { pending: Map<string, Date>; timer: ReturnType<typeof setTimeout> | undefined };
};
state.__svcKeyUse ??= { pending: new Map(), timer: undefined };
const usage = state.__svcKeyUse;

export function noteKeyUse(keyId: string, at: Date = new Date()): void {
  const prev = usage.pending.get(keyId);
  if (!prev || prev < at) usage.pending.set(keyId, at);
  if (usage.timer) return;
  usage.timer = setTimeout(() => {
    usage.timer = undefined;
    flushKeyUsage().catch((err) => log.warn("could not record API key use", { err }));
  }, FLUSH_INTERVAL_MS);
  // Never keep a script or a test process alive just to write a timestamp.
  usage.timer.unref?.();
}

/** The newest use not yet written, so the console shows it before the flush. */
export function pendingLastUse(keyId: string): Date | undefined {
  return usage.pending.get(keyId);
}

/** Writes the noted uses in one statement; returns how many keys it touched. */
export async function flushKeyUsage(db?: DbOrTx): Promise<number> {
  if (usage.pending.size === 0) return 0;
  const batch = [...usage.pending];
  usage.pending.clear();
  try {
    const target = db ?? (await getDb());
    const rows = sql.join(
      batch.map(([id, at]) => sql`(${id}, ${at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    // greatest() ignores NULL, and never moves a newer stored time backwards.
    await target.execute(sql`
      update api_keys as k set last_used_at = greatest(k.last_used_at, v.at)
      from (values ${rows}) as v(id, at)
      where k.id = v.id`);
    return batch.length;
  } catch (err) {
    for (const [id, at] of batch) noteKeyUse(id, at);
    throw err;
  }
}
