import { inArray, or } from "drizzle-orm";
import { mediaConnections, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import {
  applyObservation,
  type MediaFollowup,
  type MediaObservation,
  type ObservationScope,
} from "@/lib/media/connections";

/**
 * The pipeline's one transaction shape (docs/decisions/1200), whatever the driver: a chunk of
 * observations in one transaction that first locks every room it touches, in id order, then
 * applies each in order. Two chunks that share rooms take their locks in the same order, so they
 * queue and never deadlock; no row outside the rooms is shared (org counters are insert-only
 * deltas: docs/decisions/1203). Work for after the commit (auto-record, closing an ended room,
 * removing a viewer who published) comes back as followups, run by the caller's job.
 */
export interface ChunkResult {
  applied: number;
  ignored: number;
  followups: MediaFollowup[];
}

export async function applyChunk(
  db: Db,
  observations: readonly MediaObservation[],
  node: string,
  /** More work in the same transaction (the intake's progress), after the observations. */
  within?: (tx: JobTx) => Promise<void>,
): Promise<ChunkResult> {
  const roomIds = await roomsTouched(db, observations);
  return transactionWithJobs(db, async (tx) => {
    const scope: ObservationScope = { tx, lockedRooms: new Map(), node, followups: [], ignored: 0 };
    if (roomIds.length > 0) {
      const found = await tx
        .select({ id: rooms.id, mediaNode: rooms.mediaNode })
        .from(rooms)
        .where(inArray(rooms.id, roomIds))
        .orderBy(rooms.id)
        .for("update");
      for (const r of found) scope.lockedRooms.set(r.id, r.mediaNode);
    }
    let applied = 0;
    for (const o of observations) if (await applyObservation(scope, o)) applied++;
    if (within) await within(tx);
    return { applied, ignored: scope.ignored, followups: scope.followups };
  });
}

/**
 * A repair the service decides (reconcile, failover) in the pipeline's transaction shape: `fn`
 * gets a scope on `node`'s rooms (locked as it names them), and the followups run after the commit.
 */
export async function repairRooms<T>(
  db: Db,
  node: string,
  fn: (scope: ObservationScope) => Promise<T>,
): Promise<T> {
  const { result, followups } = await transactionWithJobs(db, async (tx) => {
    const scope: ObservationScope = { tx, lockedRooms: new Map(), node, followups: [], ignored: 0 };
    return { result: await fn(scope), followups: scope.followups };
  });
  const { runMediaFollowups } = await import("@/lib/media/run-media-followups");
  await runMediaFollowups(db, followups);
  return result;
}

/** Observations per transaction: few commits, and each room lock held briefly. */
export const OBSERVATIONS_PER_TRANSACTION = 50;

/**
 * Applies observations now, in the pipeline's order and transaction shape, and runs their
 * followups after the commits: for the service's own repairs (reconcile, failover), which run in
 * a job already. Drivers never call this: they hand requests to the intake (lib/media/intake.ts).
 * Returns how many observations changed something.
 */
export async function applyObservations(
  db: Db,
  observations: readonly MediaObservation[],
  node: string | null = null,
): Promise<number> {
  const ordered = orderObservations(observations);
  let applied = 0;
  const followups: MediaFollowup[] = [];
  for (let i = 0; i < ordered.length; i += OBSERVATIONS_PER_TRANSACTION) {
    const r = await applyChunk(db, ordered.slice(i, i + OBSERVATIONS_PER_TRANSACTION), node ?? "");
    applied += r.applied;
    followups.push(...r.followups);
  }
  const { runMediaFollowups } = await import("@/lib/media/run-media-followups");
  await runMediaFollowups(db, followups);
  return applied;
}

/** Lifecycle phase of an observation on its connection (docs/decisions/1201). */
const PHASE: Record<MediaObservation["kind"], number> = {
  connected: 0,
  joined: 1,
  published: 2,
  quality: 2,
  left: 3,
  disconnected: 3,
  session_closed: 4,
  room_gone: 4,
};

/**
 * The order one request's observations apply in (docs/decisions/1201): by the plane's own times,
 * where a connection's lifecycle comes first: its connect, join and leave apply in that order
 * whatever their stamps (a leave stamped 16 ms before its join is moved to the join's time). At
 * equal times, connects and joins apply before leaves (a leave and another's join in the same
 * millisecond never end the room between them), then the order sent. Stable and deterministic:
 * the intake's progress (`position`) indexes this order.
 */
export function orderObservations(observations: readonly MediaObservation[]): MediaObservation[] {
  // Which connection each observation is about: a leave by its participant id's join, a session
  // end by the connections of that session seen here.
  const joinOf = new Map<string, string>();
  const sessionOf = new Map<string, string[]>();
  for (const o of observations) {
    if (o.kind === "joined") joinOf.set(`${o.roomId}\u0000${o.participantRef}`, o.connectionId);
    if (o.kind === "connected")
      sessionOf.set(o.sessionRef, [...(sessionOf.get(o.sessionRef) ?? []), o.connectionId]);
  }
  const connectionsOf = (o: MediaObservation): string[] => {
    switch (o.kind) {
      case "connected":
      case "joined":
      case "disconnected":
      case "quality":
        return [o.connectionId];
      case "left": {
        const c = joinOf.get(`${o.roomId}\u0000${o.participantRef}`);
        return c ? [c] : [];
      }
      case "session_closed":
        return sessionOf.get(o.sessionRef) ?? [];
      default:
        return [];
    }
  };
  const items = observations.map((o, index) => ({ o, index, phase: PHASE[o.kind], at: o.at.getTime() }));
  // Effective time: not before anything of an earlier phase on the same connection.
  const byPhase = [...items].sort((a, b) => a.phase - b.phase || a.at - b.at || a.index - b.index);
  const latest = new Map<string, number>();
  for (const item of byPhase) {
    const cs = connectionsOf(item.o);
    for (const c of cs) item.at = Math.max(item.at, latest.get(c) ?? Number.NEGATIVE_INFINITY);
    for (const c of cs) latest.set(c, Math.max(latest.get(c) ?? Number.NEGATIVE_INFINITY, item.at));
  }
  return items.sort((a, b) => a.at - b.at || a.phase - b.phase || a.index - b.index).map((i) => i.o);
}

/**
 * The rooms the observations name, and those of the connections and sessions they name (one
 * query). A connection made after this read is found when its observation applies: its room is
 * then locked on its own (lib/media/connections.ts).
 */
async function roomsTouched(db: Db, observations: readonly MediaObservation[]): Promise<string[]> {
  const ids = new Set<string>();
  const connections = new Set<string>();
  const sessions = new Set<string>();
  for (const o of observations) {
    if ("roomId" in o) ids.add(o.roomId);
    if (o.kind === "disconnected" || o.kind === "quality") connections.add(o.connectionId);
    if (o.kind === "session_closed") sessions.add(o.sessionRef);
  }
  if (connections.size + sessions.size > 0) {
    const rows = await db
      .select({ roomId: mediaConnections.roomId })
      .from(mediaConnections)
      .where(
        or(
          connections.size > 0 ? inArray(mediaConnections.connectionId, [...connections]) : undefined,
          sessions.size > 0 ? inArray(mediaConnections.sessionRef, [...sessions]) : undefined,
        ),
      );
    for (const r of rows) ids.add(r.roomId);
  }
  return [...ids].sort();
}
