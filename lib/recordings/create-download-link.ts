import { and, eq, isNotNull } from "drizzle-orm";
import { recordings, rooms } from "@/db/schema";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import {
  containerOf,
  contentTypeOf,
  type RecordingContainer,
  servedFileKey,
} from "@/lib/recordings/recording-object";
import type { DownloadLink } from "@/lib/recordings/recording-schema";
import { presignDownload } from "@/lib/storage/presign-download";

/** docs/spec/product-decisions.md §8: links are valid five minutes. */
export const DOWNLOAD_LINK_TTL_SEC = 300;

export type { DownloadLink };

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * `<room short code>-<started_at as YYYYMMDD-HHmmss>.mp4`, in UTC, as docs/spec/product-decisions.md
 * §8 names it: every recording is an MP4 (docs/decisions/1246). Only a WebM stored by an older
 * agent (docs/decisions/1081) keeps `.webm`: the name never claims a container the bytes are not.
 */
export function recordingFilename(
  shortCode: string,
  startedAt: Date,
  container: RecordingContainer = "mp4",
): string {
  const d = startedAt;
  const date = `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`;
  const time = `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`;
  return `${shortCode}-${date}-${time}.${container}`;
}

/**
 * Endpoint 7: a presigned GET for a completed recording of the caller's org. Anything else
 * (another org's recording, one still running or failed, no object) is 404.
 */
export async function createDownloadLink(
  db: Db,
  orgId: string,
  recordingId: string,
  now: Date = new Date(),
): Promise<DownloadLink> {
  const [row] = await db
    .select({
      id: recordings.id,
      orgId: recordings.orgId,
      roomId: recordings.roomId,
      objectKey: recordings.objectKey,
      startedAt: recordings.startedAt,
      shortCode: rooms.shortCode,
    })
    .from(recordings)
    .innerJoin(rooms, eq(rooms.id, recordings.roomId))
    .where(
      and(
        eq(recordings.id, recordingId),
        eq(recordings.orgId, orgId),
        eq(recordings.state, "completed"),
        isNotNull(recordings.objectKey),
      ),
    )
    .limit(1);
  // Only a key the service derives for this recording is ever signed (docs/decisions/1245).
  const key = row ? servedFileKey(row) : undefined;
  if (!row || !key) throw new ApiError("not_found", "No such recording in this organisation.");
  const filename = recordingFilename(row.shortCode, row.startedAt, containerOf(key));
  const downloadUrl = await presignDownload({
    key,
    filename,
    contentType: contentTypeOf(key),
    expiresInSec: DOWNLOAD_LINK_TTL_SEC,
  });
  return {
    download_url: downloadUrl,
    filename,
    expires_at: new Date(now.getTime() + DOWNLOAD_LINK_TTL_SEC * 1000).toISOString(),
  };
}
