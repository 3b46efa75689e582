import { and, desc, eq, inArray } from "drizzle-orm";
import { rooms, streams } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { normaliseShortCode } from "@/lib/rooms/short-code";
import { getObject } from "@/lib/storage/get-object";
import { signPlaylist } from "@/lib/storage/sign-playlist";
import { findStream } from "@/lib/streams/find-stream";
import { windowLivePlaylist } from "@/lib/streams/live-window";
import { streamHlsPrefix, streamPlaylistKey } from "@/lib/streams/stream-object";

/**
 * A live stream's HLS playlist with short-lived segment links (issue 45, docs/streaming.md): the
 * playlist the agent (or LiveKit's egress) stored under the stream's prefix, each segment a
 * presigned GET. A live playlist is fetched again every few seconds, so its links need to outlive
 * only the few segments a player buffers: five minutes. The service serves no segment bytes.
 */
export const LIVE_SEGMENT_LINK_TTL_SEC = 300;
const MAX_PLAYLIST_BYTES = 2 * 1024 * 1024;

/** Room types whose share link plays the stream instead of joining by WebRTC (guests only watch). */
export const HLS_AUDIENCE_TYPES = ["live", "webinar"] as const;

const noPlaylist = () => new ApiError("not_found", "This stream has no HLS playlist (yet).");

async function signed(row: typeof streams.$inferSelect): Promise<string> {
  const hls = row.outputs.find((o) => o.kind === "hls");
  if (!hls || hls.state === "failed") throw noPlaylist();
  const stored = await getObject(streamPlaylistKey(row));
  if (!stored || stored.byteLength > MAX_PLAYLIST_BYTES) throw noPlaylist();
  // Live: only the last segments are named (and signed); ended: the whole stream.
  const text = await signPlaylist(
    windowLivePlaylist(Buffer.from(stored).toString("utf8")),
    streamHlsPrefix(row),
    LIVE_SEGMENT_LINK_TTL_SEC,
  );
  if (!text) throw noPlaylist();
  return text;
}

/** GET /v1/workspace/rooms/:id/streams/:streamId/playlist.m3u8: a stream of the caller's org. */
export async function streamPlaylist(db: DbOrTx, orgId: string, roomRef: string, streamId: string) {
  return signed(await findStream(db, orgId, roomRef, streamId));
}

/**
 * The stream a share link's audience watches: the newest stream with an HLS output of a `live` or
 * `webinar` room, while it runs (its end included, so players read #EXT-X-ENDLIST). Undefined when
 * there is none: the page then offers the WebRTC join.
 */
export async function audienceStream(db: DbOrTx, code: string) {
  const shortCode = normaliseShortCode(code);
  if (!shortCode) return undefined;
  const [room] = await db
    .select({ id: rooms.id, type: rooms.type })
    .from(rooms)
    .where(and(eq(rooms.shortCode, shortCode), inArray(rooms.type, [...HLS_AUDIENCE_TYPES])))
    .limit(1);
  if (!room) return undefined;
  // streams_room_created_idx
  const [row] = await db
    .select()
    .from(streams)
    .where(and(eq(streams.roomId, room.id), inArray(streams.state, ["live", "ended"])))
    .orderBy(desc(streams.createdAt), desc(streams.id))
    .limit(1);
  const hls = row?.outputs.find((o) => o.kind === "hls");
  return row && hls && hls.state !== "failed" ? row : undefined;
}

/** GET /v1/join/:shortCode/stream.m3u8: public, as the share link itself is. */
export async function audiencePlaylist(db: DbOrTx, code: string): Promise<string> {
  const row = await audienceStream(db, code);
  if (!row) throw new ApiError("not_found", "This room is not streaming.");
  return signed(row);
}
