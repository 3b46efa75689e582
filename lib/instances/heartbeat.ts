import os from "node:os";
import { lt } from "drizzle-orm";
import { instances } from "@/db/schema";
import type { Db } from "@/lib/db";
import { newId } from "@/lib/ids";

/**
 * Instance liveness (docs/decisions/0962). Every server process registers itself in `instances`
 * and renews its heartbeat every HEARTBEAT_MS. A process whose heartbeat is older than STALE_MS is
 * taken for dead: the leases it holds are released (releaseDeadLeases) and its row removed.
 */
export const HEARTBEAT_MS = 3_000;
/** Several missed beats: a long GC pause or a slow database does not make a live process "dead". */
export const STALE_MS = 12_000;

const g = globalThis as typeof globalThis & { __svcInstanceId?: string };

/** This process's id, stable for its lifetime; claims record it as the lease holder. */
export function instanceId(): string {
  g.__svcInstanceId ??= newId("instance");
  return g.__svcInstanceId;
}

/** Registers this instance or renews its heartbeat (one upsert). */
export async function beat(db: Db, now: Date): Promise<void> {
  await db
    .insert(instances)
    .values({ id: instanceId(), host: os.hostname(), pid: process.pid, startedAt: now, heartbeatAt: now })
    .onConflictDoUpdate({ target: instances.id, set: { heartbeatAt: now } });
}

/** Instances whose heartbeat is stale, as of `now` (index: instances_heartbeat_idx). */
export function staleBefore(now: Date): Date {
  return new Date(now.getTime() - STALE_MS);
}

/** Forgets instances dead for a long time (their leases were released long ago). */
export async function forgetDeadInstances(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(instances)
    .where(lt(instances.heartbeatAt, new Date(now.getTime() - 10 * STALE_MS)))
    .returning({ id: instances.id });
  return gone.length;
}
