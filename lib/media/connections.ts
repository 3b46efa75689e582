import { and, desc, eq, inArray, isNotNull, isNull, lte, ne } from "drizzle-orm";
import { mediaConnections, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { type JobTx, transactionWithJobs } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { applyMediaReport, ingestMediaReport } from "@/lib/media/ingest-media-report";
import { mediaPlane } from "@/lib/media/media-plane";
import type { QOS_KINDS } from "@/lib/media/media-report-schema";

/**
 * What a media-plane driver observes about client connections, in words of no one server
 * (docs/decisions/1042), and how each becomes the media reports of docs/spec/product-decisions.md §7. A driver turns
 * its events into these; this module keeps the connection rows (which identity a media-plane
 * participant id is: a leave often names only that id) and hands the reports to the one domain
 * code (lib/media/ingest-media-report.ts). `ref` is the driver's unique id of the event: the
 * report's dedupe id, so a repeated event changes nothing.
 *
 * Several connections of one identity in a room (two tabs) are one participant: it joins with the
 * first and leaves with the last. Out-of-order events are safe: a join older than the
 * connection's recorded leave is stale, and the room's own rules (lib/media/apply-participant-report.ts)
 * order joins and leaves per identity by their times.
 */
export type MediaObservation =
  | {
      kind: "connected";
      ref: string;
      connectionId: string;
      sessionRef: string;
      roomId: string;
      identity: string;
      role: string;
      at: Date;
    }
  | { kind: "joined"; ref: string; connectionId: string; roomId: string; participantRef: string; at: Date }
  | { kind: "left"; ref: string; roomId: string; participantRef: string; at: Date }
  | { kind: "disconnected"; ref: string; connectionId: string; at: Date }
  | { kind: "session_closed"; ref: string; sessionRef: string; at: Date }
  | { kind: "room_gone"; ref: string; roomId: string; at: Date }
  | { kind: "published"; ref: string; roomId: string; participantRef: string; at: Date }
  | {
      kind: "quality";
      ref: string;
      connectionId: string;
      qos: { kind: (typeof QOS_KINDS)[number]; value: number };
      at: Date;
    };

type Connection = typeof mediaConnections.$inferSelect;

/**
 * Where observations apply: the database (each in a transaction of its own), or a batch's one
 * transaction whose rooms it already locked (lib/media/apply-observations.ts).
 */
export type ObservationScope = Db | { tx: JobTx; lockedRooms: Set<string> };
const isBatch = (s: ObservationScope): s is { tx: JobTx; lockedRooms: Set<string> } => "lockedRooms" in s;
const queriesOf = (s: ObservationScope): Db | JobTx => (isBatch(s) ? s.tx : s);

/** Whether the observation changed anything (false: unknown room or connection, stale, repeated). */
export async function applyObservation(scope: ObservationScope, o: MediaObservation): Promise<boolean> {
  const db = queriesOf(scope);
  switch (o.kind) {
    case "connected": {
      // Only for a room of ours (a deleted room's late events find none).
      const known = isBatch(scope) && scope.lockedRooms.has(o.roomId);
      const [room] = known
        ? [{ id: o.roomId }]
        : await db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, o.roomId));
      if (!room) return false;
      const inserted = await db
        .insert(mediaConnections)
        .values({
          connectionId: o.connectionId,
          sessionRef: o.sessionRef,
          roomId: o.roomId,
          identity: o.identity,
          role: o.role,
        })
        .onConflictDoNothing()
        .returning({ id: mediaConnections.connectionId });
      return inserted.length > 0;
    }
    case "joined":
      return inRoom(scope, o.roomId, async (tx) => {
        const c = await lockConnection(tx, o.connectionId);
        // A join by a connection we never saw connect, or into another room than its credential's.
        if (!c || c.roomId !== o.roomId) return false;
        if (c.leftAt && c.leftAt >= o.at) return false;
        await tx
          .update(mediaConnections)
          .set({ participantRef: o.participantRef, joinedAt: o.at, leftAt: null })
          .where(eq(mediaConnections.connectionId, c.connectionId));
        return report(tx, o.ref, "participant.joined", c, o.at);
      });
    case "left":
      return inRoom(scope, o.roomId, async (tx) => {
        const [c] = await tx
          .select()
          .from(mediaConnections)
          .where(
            and(
              eq(mediaConnections.roomId, o.roomId),
              eq(mediaConnections.participantRef, o.participantRef),
              isNull(mediaConnections.leftAt),
              lte(mediaConnections.joinedAt, o.at),
            ),
          )
          .orderBy(desc(mediaConnections.joinedAt))
          .limit(1)
          .for("update");
        return c ? leave(tx, c, o.ref, o.at) : false;
      });
    case "disconnected": {
      const [found] = await db
        .select({ roomId: mediaConnections.roomId })
        .from(mediaConnections)
        .where(eq(mediaConnections.connectionId, o.connectionId));
      if (!found) return false;
      return inRoom(scope, found.roomId, async (tx) => {
        const c = await lockConnection(tx, o.connectionId);
        return c ? leave(tx, c, o.ref, o.at) : false;
      });
    }
    case "session_closed": {
      const open = await db
        .select({ id: mediaConnections.connectionId })
        .from(mediaConnections)
        .where(and(eq(mediaConnections.sessionRef, o.sessionRef), isNull(mediaConnections.leftAt)));
      let changed = false;
      for (const { id } of open) {
        const one = { kind: "disconnected", ref: `${o.ref}:${id}`, connectionId: id, at: o.at } as const;
        changed = (await applyObservation(scope, one)) || changed;
      }
      return changed;
    }
    case "room_gone":
      return leaveConnections(scope, o.roomId, undefined, o.ref, o.at);
    case "published":
      // Never inside a batch's transaction: it may call the media server (the batch defers it).
      if (isBatch(scope)) throw new Error("a publication is applied after its batch commits");
      return removeViewerWhoPublished(scope, o.roomId, o.participantRef);
    case "quality": {
      const [c] = await db
        .select()
        .from(mediaConnections)
        .where(eq(mediaConnections.connectionId, o.connectionId));
      if (!c) return false;
      // `ref` names the alert's kind and window: one alert per room, kind and window.
      const alert = {
        id: `${o.ref}:${c.roomId}`,
        type: "qos.alert",
        room_id: c.roomId,
        occurred_at: o.at,
        participant: { identity: c.identity },
        qos: o.qos,
      } as const;
      const { duplicate } = isBatch(scope)
        ? await inRoom(scope, c.roomId, (tx) => applyMediaReport(tx, alert), { duplicate: true })
        : await ingestMediaReport(scope, alert);
      return !duplicate;
    }
  }
}

/**
 * These connections of the room leave, those still joined and present in the database: reconcile's
 * repair of leaves that never arrived (it read them before asking the node, so their absence from
 * the node's listing is real), and everyone in a room its node destroyed (`undefined`: all).
 */
export async function leaveConnections(
  db: ObservationScope,
  roomId: string,
  connectionIds: readonly string[] | undefined,
  ref: string,
  at: Date,
): Promise<boolean> {
  if (connectionIds?.length === 0) return false;
  return inRoom(db, roomId, async (tx) => {
    const gone = await tx
      .select()
      .from(mediaConnections)
      .where(
        and(
          eq(mediaConnections.roomId, roomId),
          isNotNull(mediaConnections.joinedAt),
          isNull(mediaConnections.leftAt),
          connectionIds ? inArray(mediaConnections.connectionId, [...connectionIds]) : undefined,
        ),
      )
      .for("update");
    let changed = false;
    for (const c of gone) changed = (await leave(tx, c, `${ref}:${c.connectionId}`, at)) || changed;
    return changed;
  });
}

/** Roles that may send media (docs/spec/product-decisions.md §5); a viewer may only subscribe. */
const PUBLISHING_ROLES = new Set(["publisher", "broadcaster"]);

/**
 * The media server cannot stop a viewer's credential from publishing (docs/media-plane.md), so a
 * viewer who does is removed as soon as the server says so: after the fact, but within moments.
 */
async function removeViewerWhoPublished(db: Db, roomId: string, participantRef: string): Promise<boolean> {
  const [c] = await db
    .select({ role: mediaConnections.role, node: rooms.mediaNode })
    .from(mediaConnections)
    .innerJoin(rooms, eq(rooms.id, mediaConnections.roomId))
    .where(
      and(
        eq(mediaConnections.roomId, roomId),
        eq(mediaConnections.participantRef, participantRef),
        isNull(mediaConnections.leftAt),
      ),
    )
    .limit(1);
  if (!c || PUBLISHING_ROLES.has(c.role) || !c.node) return false;
  const plane = mediaPlane();
  if (!plane?.nodes.includes(c.node)) return false;
  try {
    return (await plane.removeParticipants(c.node, roomId, [participantRef])) > 0;
  } catch (err) {
    log.warn("a viewer who published could not be removed", {
      room_id: roomId,
      error: err instanceof Error ? err.message : String(err),
    });
    return false;
  }
}

async function lockConnection(tx: JobTx, connectionId: string): Promise<Connection | undefined> {
  const [c] = await tx
    .select()
    .from(mediaConnections)
    .where(eq(mediaConnections.connectionId, connectionId))
    .for("update");
  return c;
}

/** Runs `fn` with the room row locked (one report per room at a time; in a batch, already). */
async function inRoom<T = boolean>(
  scope: ObservationScope,
  roomId: string,
  fn: (tx: JobTx) => Promise<T>,
  none: T = false as T,
): Promise<T> {
  const locked = async (tx: JobTx) => {
    const [room] = await tx.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, roomId)).for("update");
    return room ? fn(tx) : none;
  };
  if (!isBatch(scope)) return transactionWithJobs(scope, locked);
  if (scope.lockedRooms.has(roomId)) return fn(scope.tx);
  const result = await locked(scope.tx);
  if (result !== none) scope.lockedRooms.add(roomId);
  return result;
}

/** The connection leaves; the identity leaves the room when it was its last connection there. */
async function leave(tx: JobTx, c: Connection, ref: string, at: Date): Promise<boolean> {
  if (c.leftAt) return false;
  await tx
    .update(mediaConnections)
    .set({ leftAt: at })
    .where(eq(mediaConnections.connectionId, c.connectionId));
  // A connection that never joined was never a participant.
  if (!c.joinedAt) return true;
  const [other] = await tx
    .select({ id: mediaConnections.connectionId })
    .from(mediaConnections)
    .where(
      and(
        eq(mediaConnections.roomId, c.roomId),
        eq(mediaConnections.identity, c.identity),
        isNotNull(mediaConnections.joinedAt),
        isNull(mediaConnections.leftAt),
        ne(mediaConnections.connectionId, c.connectionId),
      ),
    )
    .limit(1);
  if (other) return true;
  return report(tx, ref, "participant.left", c, at);
}

async function report(
  tx: JobTx,
  ref: string,
  type: "participant.joined" | "participant.left",
  c: Connection,
  at: Date,
): Promise<boolean> {
  const { duplicate } = await applyMediaReport(tx, {
    id: ref,
    type,
    room_id: c.roomId,
    occurred_at: at,
    participant: { identity: c.identity },
  });
  return !duplicate;
}
