import { sql } from "drizzle-orm";
import { type DbOrTx, getDb } from "@/lib/db";
import { log } from "@/lib/log/logger";
import { countRoomTokenMint } from "@/lib/observability/metrics";

export interface TokenMint {
  orgId: string;
  projectId: string;
  roomId: string;
  identity: string;
  /** The token's role is `viewer` (subscribe-only): its minutes are viewer minutes. */
  viewer: boolean;
  at: Date;
}

/**
 * Room tokens minted, without a database write per mint (minting costs no statement once the
 * principal cache is warm, docs/decisions/0966): the mint is noted in memory and one multi-row
 * insert writes the batch within a second, like the keys' last use (lib/api-keys/last-used.ts).
 * Each row is insert-only, so the count is exact and no two mints wait on a shared row
 * (docs/decisions/1310). A crash loses at most the last second's mints from the count.
 */
export const MINT_FLUSH_MS = 1_000;
/** A burst never holds more than this in memory: the batch is written at once when it is full. */
const MAX_PENDING = 5_000;

const state = globalThis as typeof globalThis & {
  __svcTokenMints?: { pending: TokenMint[]; timer: ReturnType<typeof setTimeout> | undefined };
};
state.__svcTokenMints ??= { pending: [], timer: undefined };
const mints = state.__svcTokenMints;

function flushLater(delay: number): void {
  if (mints.timer) return;
  mints.timer = setTimeout(() => {
    mints.timer = undefined;
    flushTokenMints().catch((err) =>
      log.warn("could not record minted room tokens", {
        error: err instanceof Error ? err.message : String(err),
      }),
    );
  }, delay);
  // Never keep a script or a test process alive for a count.
  mints.timer.unref?.();
}

export function noteTokenMint(mint: TokenMint): void {
  countRoomTokenMint();
  mints.pending.push(mint);
  flushLater(mints.pending.length >= MAX_PENDING ? 0 : MINT_FLUSH_MS);
}

/** Writes the noted mints in one statement; returns how many. */
export async function flushTokenMints(db?: DbOrTx): Promise<number> {
  if (mints.pending.length === 0) return 0;
  const batch = mints.pending.splice(0, mints.pending.length);
  try {
    const target = db ?? (await getDb());
    const rows = sql.join(
      batch.map(
        (m) =>
          sql`(${m.orgId}, ${m.projectId}, ${m.roomId}, ${m.identity}, ${m.viewer}::boolean, ${m.at.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    // A room deleted meanwhile takes its mints with it (the foreign key): join, never fail.
    await target.execute(sql`
      INSERT INTO room_token_mints (org_id, project_id, room_id, identity, viewer, minted_at)
      SELECT v.org_id, v.project_id, v.room_id, v.identity, v.viewer, v.at
      FROM (VALUES ${rows}) AS v(org_id, project_id, room_id, identity, viewer, at)
      JOIN rooms r ON r.id = v.room_id`);
    return batch.length;
  } catch (err) {
    mints.pending.unshift(...batch);
    flushLater(MINT_FLUSH_MS);
    throw err;
  }
}
