import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import type { UploadLinkDto, UploadRequest } from "@/lib/recordings/recorder-schema";
import { findAgentRecording } from "@/lib/recordings/recording-for-agent";
import { contentTypeOfName, recordingPrefix } from "@/lib/recordings/recording-object";
import { presignUpload } from "@/lib/storage/presign-upload";

/** Long enough to upload an hour of 1 Mbit/s over a slow uplink; short enough to be worthless later. */
export const UPLOAD_LINK_TTL_SEC = 900;

/**
 * POST /v1/internal/recorder/recordings/:id/upload (docs/decisions/1082, 1245): presigned PUTs for
 * the files the agent names (the MP4, the HLS playlist and media), each under this recording's own
 * prefix (the service derives the key from the recording's org, room and id; the agent names only
 * the file) and of exactly the size it declares (Content-Length is signed, so storage refuses any
 * other). A file over SVC_RECORDING_UPLOAD_MAX_BYTES is 413. Only while the recording waits for its
 * files (stopped, not final): the MP4 of a completed recording, the HLS of a ready one, anything of
 * a failed one is 409, so a stray agent cannot overwrite files users download. An agent that
 * restarted asks again and uploads again.
 */
export async function issueRecordingUpload(
  db: Db,
  id: string,
  request: UploadRequest,
  now = new Date(),
): Promise<UploadLinkDto> {
  const row = await findAgentRecording(db, id);
  // The MP4 is final once completed; the HLS rendition once ready (an agent killed between the
  // two uploads the rendition again).
  const final = (name: string) =>
    row.state === "failed" || (name === "recording.mp4" ? row.state === "completed" : row.readyAt !== null);
  const done = request.files.find((f) => final(f.name));
  if (done) throw new ApiError("conflict", `The recording is ${row.state}: ${done.name} is final.`);
  if (!row.stoppedAt && row.state !== "completed")
    throw new ApiError("conflict", "The recording has not stopped yet.");
  const max = env.SVC_RECORDING_UPLOAD_MAX_BYTES;
  const over = request.files.find((f) => f.size_bytes > max);
  if (over) {
    throw new ApiError(
      "payload_too_large",
      `${over.name} has ${over.size_bytes} bytes; recording files are limited to ${max} bytes (SVC_RECORDING_UPLOAD_MAX_BYTES).`,
    );
  }
  const prefix = recordingPrefix(row);
  const uploads = await Promise.all(
    request.files.map(async (f) => {
      const key = `${prefix}${f.name}`;
      return {
        name: f.name,
        upload_url: await presignUpload({ key, sizeBytes: f.size_bytes, expiresInSec: UPLOAD_LINK_TTL_SEC }),
        object_key: key,
        content_type: contentTypeOfName(f.name),
        size_bytes: f.size_bytes,
      };
    }),
  );
  return { uploads, expires_at: new Date(now.getTime() + UPLOAD_LINK_TTL_SEC * 1000).toISOString() };
}
