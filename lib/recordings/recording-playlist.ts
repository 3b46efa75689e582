import { and, eq, isNotNull } from "drizzle-orm";
import { recordings } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { recordingHlsPrefix, recordingPlaylistKey } from "@/lib/recordings/recording-object";
import { getObject } from "@/lib/storage/get-object";
import { signPlaylist } from "@/lib/storage/sign-playlist";

/** A playlist this large is not one of ours (ours: a few lines per six seconds of recording). */
const MAX_PLAYLIST_BYTES = 2 * 1024 * 1024;

/**
 * How long the playlist's links live: long enough to watch the whole recording from the start
 * (a player fetches segments as it plays), at least 15 minutes, at most 12 hours.
 */
export function segmentLinkTtlSec(durationSec: number): number {
  return Math.min(12 * 3600, Math.max(900, 2 * durationSec + 600));
}

const notReady = () =>
  new ApiError("not_found", "No HLS rendition of this recording (yet): play or download its MP4.");

/**
 * GET /v1/workspace/recordings/:id/playlist.m3u8 (docs/decisions/1247): the recording's HLS
 * playlist as stored under its own prefix, each media URI replaced by a presigned GET of that file
 * under the same prefix. The service serves no segment bytes: players fetch them from storage (the
 * local store's /storage route, a bucket, or a CDN in front of it). Only a completed, ready
 * recording of the caller's org has one; the playlist may name only flat files beside it.
 */
export async function recordingPlaylist(db: Db, orgId: string, id: string): Promise<string> {
  const [row] = await db
    .select()
    .from(recordings)
    .where(
      and(
        eq(recordings.id, id),
        eq(recordings.orgId, orgId),
        eq(recordings.state, "completed"),
        isNotNull(recordings.readyAt),
      ),
    )
    .limit(1);
  if (!row) throw notReady();
  const stored = await getObject(recordingPlaylistKey(row));
  if (!stored || stored.byteLength > MAX_PLAYLIST_BYTES) throw notReady();
  const signed = await signPlaylist(
    Buffer.from(stored).toString("utf8"),
    recordingHlsPrefix(row),
    segmentLinkTtlSec(row.durationSec ?? 0),
  );
  if (!signed) throw notReady();
  return signed;
}
