import { and, count, eq, inArray, isNull, ne } from "drizzle-orm";
import { rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { log } from "@/lib/log/logger";
import { mediaRoomSpec } from "@/lib/media/media-room-spec";
import { MediaNodeUnavailable, type MediaPlaneDriver, type MediaRoomSpec } from "@/lib/media/plane";
import type { RoomType } from "@/lib/rooms/room-types";

/**
 * Where a room lives on the media plane (docs/decisions/1043). A room is placed when its first
 * credential is minted (most rooms are created long before anyone joins, many never are): on the
 * healthy node with the fewest open rooms, stored on the room (`rooms.media_node`), opened there.
 * After that, this process remembers the room is open and a credential costs no network call and
 * no database read (the room row, node included, comes from the principal cache).
 */

export interface PlacedRoom {
  id: string;
  type: RoomType;
  state: string;
  mediaNode: string | null;
}

/** How long a node's answer (or silence) counts before it is asked again. */
const HEALTH_FRESH_MS = 5_000;
const health = new Map<string, { up: boolean; at: number }>();

/** Rooms this process opened or found open, by id: their node. Bounded; the oldest go first. */
const opened = new Map<string, string>();
const OPENED_MAX = 50_000;

export function noteNodeHealth(node: string, up: boolean): void {
  health.set(node, { up, at: Date.now() });
}

/**
 * Forgets that rooms are open: all of them and every node's health (a test's fresh start), a
 * node's, or one room on a node (reconcile found the node lost it).
 */
export function forgetOpenedRooms(node?: string, roomId?: string): void {
  if (roomId !== undefined) {
    if (opened.get(roomId) === node) opened.delete(roomId);
    return;
  }
  for (const [room, n] of opened) if (node === undefined || n === node) opened.delete(room);
  if (node === undefined) health.clear();
}

function remember(roomId: string, node: string): void {
  opened.delete(roomId);
  opened.set(roomId, node);
  if (opened.size > OPENED_MAX) {
    const oldest = opened.keys().next().value;
    if (oldest !== undefined) opened.delete(oldest);
  }
}

const probing = new Map<string, Promise<boolean>>();

/**
 * Whether the node answers: what was last seen of it when that is fresh (no network), else one
 * probe, shared by every caller asking meanwhile. So a warm token costs nothing, and a node that
 * stops answering is known within HEALTH_FRESH_MS.
 */
export async function nodeUp(plane: MediaPlaneDriver, node: string): Promise<boolean> {
  const known = health.get(node);
  if (known && Date.now() - known.at < HEALTH_FRESH_MS) return known.up;
  let pending = probing.get(node);
  if (!pending) {
    pending = plane.probe(node).then((up) => {
      noteNodeHealth(node, up);
      probing.delete(node);
      return up;
    });
    probing.set(node, pending);
  }
  return pending;
}

/** The nodes that answer now (nodeUp for each). */
export async function healthyNodes(plane: MediaPlaneDriver): Promise<string[]> {
  const up = await Promise.all(plane.nodes.map((node) => nodeUp(plane, node)));
  return plane.nodes.filter((_, i) => up[i]);
}

/** Open rooms per node (rooms_media_node_open_idx). */
async function openRoomCounts(db: Db, nodes: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ node: rooms.mediaNode, n: count() })
    .from(rooms)
    .where(and(inArray(rooms.mediaNode, [...nodes]), ne(rooms.state, "ended")))
    .groupBy(rooms.mediaNode);
  return new Map(rows.map((r) => [r.node ?? "", r.n]));
}

const unavailable = () =>
  new ApiError("service_unavailable", "No media node can take this room now; try again shortly.", {
    headers: { "retry-after": "5" },
  });

/** Opens the room on `node`; false when the node does not answer (it is marked down). */
async function tryOpen(plane: MediaPlaneDriver, node: string, spec: MediaRoomSpec): Promise<boolean> {
  try {
    await plane.openRoom(node, spec);
    noteNodeHealth(node, true);
    remember(spec.id, node);
    return true;
  } catch (err) {
    if (!(err instanceof MediaNodeUnavailable)) throw err;
    noteNodeHealth(node, false);
    log.warn("media node unavailable", { node, room_id: spec.id, error: err.message });
    return false;
  }
}

/**
 * The node the room is open on, placing and opening it when needed. A room already placed stays on
 * its node while the node answers; a room nobody joined yet (`created`) whose node stopped
 * answering, or was removed from the configuration, moves to another node; an `active` room does
 * not move (its participants are on that node): 503 until the node is back.
 */
export async function roomNode(db: Db, plane: MediaPlaneDriver, room: PlacedRoom): Promise<string> {
  const spec = mediaRoomSpec(room);
  const current = room.mediaNode;
  if (current && opened.get(room.id) === current && (await nodeUp(plane, current))) return current;
  if (current && plane.nodes.includes(current)) {
    if (await tryOpen(plane, current, spec)) return current;
    if (room.state !== "created") throw unavailable();
  }
  const up = await healthyNodes(plane);
  const counts = await openRoomCounts(db, up);
  // Fewest open rooms first; configuration order breaks ties.
  const ranked = [...up].sort((a, b) => (counts.get(a) ?? 0) - (counts.get(b) ?? 0));
  for (const node of ranked) {
    if (!(await tryOpen(plane, node, spec))) continue;
    // Compare-and-set: of two instances placing one room, one wins; the other follows it there.
    const [placed] = await db
      .update(rooms)
      .set({ mediaNode: node })
      .where(
        and(
          eq(rooms.id, room.id),
          ne(rooms.state, "ended"),
          current === null ? isNull(rooms.mediaNode) : eq(rooms.mediaNode, current),
        ),
      )
      .returning({ mediaNode: rooms.mediaNode });
    if (placed) return node;
    opened.delete(room.id);
    const [row] = await db
      .select({ id: rooms.id, type: rooms.type, state: rooms.state, mediaNode: rooms.mediaNode })
      .from(rooms)
      .where(eq(rooms.id, room.id));
    if (!row || row.state === "ended")
      throw new ApiError("room_ended", "The room has ended; it cannot be joined.");
    if (row.mediaNode === current) continue;
    return roomNode(db, plane, row);
  }
  throw unavailable();
}
