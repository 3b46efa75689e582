import { and, desc, eq, inArray, isNotNull, isNull, ne } from "drizzle-orm";
import { mediaConnections, mediaEarlyLeaves, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import type { JobTx } from "@/lib/jobs/transaction";
import { log } from "@/lib/log/logger";
import { applyMediaReport } from "@/lib/media/ingest-media-report";
import { mediaPlane } from "@/lib/media/media-plane";
import type { QOS_KINDS } from "@/lib/media/media-report-schema";
import { type PublishedTrack, revokedJoin, storePublishedTracks } from "@/lib/media/moderation/at-join";

/**
 * What a media-plane driver observes about client connections, in words of no one server
 * (docs/decisions/1042), and how each becomes the media reports of docs/spec/product-decisions.md §7. A driver turns
 * its events into these; this module keeps the connection rows (which identity a media-plane
 * participant id is: a leave often names only that id) and hands the reports to the one domain
 * code (lib/media/ingest-media-report.ts). `ref` is the driver's unique id of the event: the
 * report's dedupe id, so a repeated event changes nothing.
 *
 * Several connections of one identity in a room (two tabs) are one participant: it joins with the
 * first and leaves with the last. Out-of-order events are safe (docs/decisions/1201): see
 * applyObservation. Drivers hand observations to the intake (lib/media/intake.ts), never here.
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
      /** From the credential (docs/decisions/1320–1323): minted (ms), eject time (ms), minting key. */
      issuedAtMs?: number;
      ejectAtMs?: number;
      keyId?: string;
    }
  | { kind: "joined"; ref: string; connectionId: string; roomId: string; participantRef: string; at: Date }
  | { kind: "left"; ref: string; roomId: string; participantRef: string; at: Date }
  | { kind: "disconnected"; ref: string; connectionId: string; at: Date }
  | { kind: "session_closed"; ref: string; sessionRef: string; at: Date }
  | { kind: "room_gone"; ref: string; roomId: string; at: Date }
  | {
      kind: "published";
      ref: string;
      roomId: string;
      participantRef: string;
      at: Date;
      /** What it publishes, when the plane says (Janus: each stream's mid): muting names them. */
      tracks?: PublishedTrack[];
    }
  | {
      kind: "quality";
      ref: string;
      connectionId: string;
      qos: { kind: (typeof QOS_KINDS)[number]; value: number };
      at: Date;
    };

type Connection = typeof mediaConnections.$inferSelect;

export type { PublishedTrack };

/**
 * Work an applied observation leaves for after the commit (docs/decisions/1204): run by the
 * intake's job, never inside a media server's request nor inside the transaction.
 * - `auto_record`: a `record: auto` room just became active: start its recording;
 * - `close_ended_room`: the room ended, or someone joined it after it ended: close it on its
 *   node, so no credential minted before the end enters it again;
 * - `viewer_published`: a participant whose role may not publish did: remove them;
 * - `revoked_join`: a participant joined on a revoked credential (docs/decisions/1320): remove them.
 */
export type MediaFollowup =
  | { kind: "auto_record"; roomId: string }
  | { kind: "close_ended_room"; roomId: string; node: string | null }
  | { kind: "viewer_published"; roomId: string; participantRef: string }
  | { kind: "revoked_join"; roomId: string; participantRef: string };

/**
 * One transaction of the pipeline (lib/media/apply-observations.ts): the rooms it locked (with
 * the node each is placed on), the authenticated node, and what it leaves for after the commit.
 */
export interface ObservationScope {
  tx: JobTx;
  /** Rooms locked by this transaction: their `media_node` (null: placed nowhere now). */
  lockedRooms: Map<string, string | null>;
  /** The node that sent the observations; "" accepts every room (a plane-wide credential). */
  node: string;
  followups: MediaFollowup[];
  /** Observations about rooms placed on another node (or nowhere): ignored. */
  ignored: number;
}

/**
 * Applies one observation inside the scope's transaction. Returns whether it changed anything
 * (false: unknown room or connection, another node's room, stale, repeated). The rules for order
 * (docs/decisions/1201):
 * - a connection's leave or disconnect closes it whatever its stamp, at the latest of its own
 *   time and the connection's join (a leave stamped before its join closes it, 0 s long);
 * - a join for a connection that left is stale, unless the connection had joined and the join is
 *   stamped after that leave (the same handle joining again);
 * - a leave naming a participant id no connection has joined yet is kept (media_early_leaves):
 *   the join closes as soon as it arrives;
 * - a repeat (same ref) changes nothing: reports are deduped by ref (media_reports).
 */
export async function applyObservation(scope: ObservationScope, o: MediaObservation): Promise<boolean> {
  const { tx } = scope;
  switch (o.kind) {
    case "connected":
      return inRoom(scope, o.roomId, async () => {
        const inserted = await tx
          .insert(mediaConnections)
          .values({
            connectionId: o.connectionId,
            sessionRef: o.sessionRef,
            roomId: o.roomId,
            identity: o.identity,
            role: o.role,
            ...(o.issuedAtMs !== undefined ? { issuedAt: new Date(o.issuedAtMs) } : {}),
            ...(o.ejectAtMs !== undefined ? { ejectAt: new Date(o.ejectAtMs) } : {}),
            ...(o.keyId !== undefined ? { keyId: o.keyId } : {}),
          })
          .onConflictDoNothing()
          .returning({ id: mediaConnections.connectionId });
        return inserted.length > 0;
      });
    case "joined":
      return inRoom(scope, o.roomId, async () => {
        const c = await lockConnection(tx, o.connectionId);
        // A join by a connection we never saw connect, or into another room than its credential's.
        if (!c || c.roomId !== o.roomId) return false;
        // A revoked credential admits nobody (docs/decisions/1320): never present, removed after
        // commit, however often it joins again (checked before the staleness rules, so a handle
        // that rejoins after its kick is removed again).
        if (await revokedJoin(tx, c)) {
          await tx
            .update(mediaConnections)
            .set({ participantRef: o.participantRef, leftAt: o.at })
            .where(eq(mediaConnections.connectionId, c.connectionId));
          scope.followups.push({ kind: "revoked_join", roomId: o.roomId, participantRef: o.participantRef });
          return true;
        }
        if (c.leftAt && !(c.joinedAt && o.at > c.leftAt)) return false;
        if (c.joinedAt && !c.leftAt && c.participantRef === o.participantRef) return false;
        const [joined] = await tx
          .update(mediaConnections)
          .set({ participantRef: o.participantRef, joinedAt: o.at, leftAt: null })
          .where(eq(mediaConnections.connectionId, c.connectionId))
          .returning();
        if (!joined) return false;
        const changed = await report(scope, o.ref, "participant.joined", joined, o.at);
        // Its leave was applied first (another request): it leaves now.
        const [early] = await tx
          .delete(mediaEarlyLeaves)
          .where(
            and(eq(mediaEarlyLeaves.roomId, o.roomId), eq(mediaEarlyLeaves.participantRef, o.participantRef)),
          )
          .returning();
        if (early) await leave(scope, joined, early.ref, early.at);
        return changed;
      });
    case "left":
      return inRoom(scope, o.roomId, async () => {
        const [c] = await tx
          .select()
          .from(mediaConnections)
          .where(
            and(
              eq(mediaConnections.roomId, o.roomId),
              eq(mediaConnections.participantRef, o.participantRef),
              isNull(mediaConnections.leftAt),
            ),
          )
          .orderBy(desc(mediaConnections.joinedAt))
          .limit(1)
          .for("update");
        if (c) return leave(scope, c, o.ref, o.at);
        const [seen] = await tx
          .select({ id: mediaConnections.connectionId })
          .from(mediaConnections)
          .where(
            and(eq(mediaConnections.roomId, o.roomId), eq(mediaConnections.participantRef, o.participantRef)),
          )
          .limit(1);
        // Its connection left already (a repeat, or kicked then leaving): nothing to keep.
        if (seen) return false;
        await tx
          .insert(mediaEarlyLeaves)
          .values({ roomId: o.roomId, participantRef: o.participantRef, ref: o.ref, at: o.at })
          .onConflictDoNothing();
        return false;
      });
    case "disconnected": {
      const [found] = await tx
        .select({ roomId: mediaConnections.roomId })
        .from(mediaConnections)
        .where(eq(mediaConnections.connectionId, o.connectionId));
      if (!found) return false;
      return inRoom(scope, found.roomId, async () => {
        const c = await lockConnection(tx, o.connectionId);
        return c ? leave(scope, c, o.ref, o.at) : false;
      });
    }
    case "session_closed": {
      const open = await tx
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
      // It may call the media server: after the commit (lib/media/run-media-followups.ts).
      return inRoom(scope, o.roomId, async () => {
        if (o.tracks) await storePublishedTracks(tx, o.roomId, o.participantRef, o.tracks);
        scope.followups.push({
          kind: "viewer_published",
          roomId: o.roomId,
          participantRef: o.participantRef,
        });
        return false;
      });
    case "quality": {
      const [c] = await tx
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
      return inRoom(scope, c.roomId, async () => !(await applyMediaReport(tx, alert)).duplicate);
    }
  }
}

/** Options of a leave the pipeline itself decides (failover: the room stays for its grace). */
export interface LeaveOptions {
  /** The room does not end when this leaves it empty (docs/decisions/1202). */
  keepRoom?: boolean;
}

/**
 * These connections of the room leave, those still joined: reconcile's repair of leaves that
 * never arrived (it read them before asking the node, so their absence from the node's listing is
 * real), everyone in a room its node destroyed (`undefined`: all), and failover.
 */
export async function leaveConnections(
  scope: ObservationScope,
  roomId: string,
  connectionIds: readonly string[] | undefined,
  ref: string,
  at: Date,
  options: LeaveOptions = {},
): Promise<boolean> {
  if (connectionIds?.length === 0) return false;
  return inRoom(scope, roomId, async (tx) => {
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
      .orderBy(mediaConnections.connectionId)
      .for("update");
    let changed = false;
    for (const c of gone)
      changed = (await leave(scope, c, `${ref}:${c.connectionId}`, at, options)) || changed;
    return changed;
  });
}

/** Roles that may send media (docs/spec/product-decisions.md §5); a viewer may only subscribe. */
const PUBLISHING_ROLES = new Set(["publisher", "broadcaster"]);

/**
 * The media server cannot stop a viewer's credential from publishing (docs/media-plane.md), so a
 * viewer who does is removed as soon as the server says so: after the fact, but within moments.
 * Runs after the commit, in the intake's job (lib/media/run-media-followups.ts).
 */
export async function removeViewerWhoPublished(
  db: Db,
  roomId: string,
  participantRef: string,
): Promise<boolean> {
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

/**
 * Runs `fn` when the room exists and is placed on the scope's node, with its row locked (the
 * batch locks its rooms up front, in id order; a room found later is locked here).
 */
async function inRoom(
  scope: ObservationScope,
  roomId: string,
  fn: (tx: JobTx) => Promise<boolean>,
): Promise<boolean> {
  let placed = scope.lockedRooms.get(roomId);
  if (placed === undefined) {
    const [room] = await scope.tx
      .select({ id: rooms.id, mediaNode: rooms.mediaNode })
      .from(rooms)
      .where(eq(rooms.id, roomId))
      .for("update");
    if (!room) return false;
    placed = room.mediaNode;
    scope.lockedRooms.set(roomId, placed);
  }
  if (scope.node !== "" && placed !== scope.node) {
    scope.ignored++;
    return false;
  }
  return fn(scope.tx);
}

/**
 * The connection leaves (at the latest of `at` and its join: docs/decisions/1201); the identity
 * leaves the room when it was its last connection there.
 */
async function leave(
  scope: ObservationScope,
  c: Connection,
  ref: string,
  at: Date,
  options: LeaveOptions = {},
): Promise<boolean> {
  if (c.leftAt) return false;
  const leftAt = c.joinedAt && c.joinedAt > at ? c.joinedAt : at;
  await scope.tx
    .update(mediaConnections)
    .set({ leftAt })
    .where(eq(mediaConnections.connectionId, c.connectionId));
  // A connection that never joined was never a participant.
  if (!c.joinedAt) return true;
  const [other] = await scope.tx
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
  return report(scope, ref, "participant.left", c, leftAt, options);
}

async function report(
  scope: ObservationScope,
  ref: string,
  type: "participant.joined" | "participant.left",
  c: Connection,
  at: Date,
  options: LeaveOptions = {},
): Promise<boolean> {
  const { duplicate, effect } = await applyMediaReport(
    scope.tx,
    { id: ref, type, room_id: c.roomId, occurred_at: at, participant: { identity: c.identity } },
    at,
    { connectionLeave: true, keepRoom: options.keepRoom === true },
  );
  if (effect?.activated && effect.record === "auto")
    scope.followups.push({ kind: "auto_record", roomId: c.roomId });
  if (effect?.ended || effect?.wasEnded) {
    scope.followups.push({
      kind: "close_ended_room",
      roomId: c.roomId,
      node: scope.lockedRooms.get(c.roomId) ?? null,
    });
  }
  // A join into an ended room changes no room: not counted as a change.
  return !duplicate && !effect?.wasEnded;
}
