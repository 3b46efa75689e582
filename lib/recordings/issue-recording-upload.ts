import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import type { UploadLinkDto } from "@/lib/recordings/recorder-schema";
import { agentObjectKey, findAgentRecording } from "@/lib/recordings/recording-for-agent";
import { contentTypeOf } from "@/lib/recordings/recording-object";
import { presignUpload } from "@/lib/storage/presign-upload";

/** Long enough to upload an hour of 1 Mbit/s over a slow uplink; short enough to be worthless later. */
export const UPLOAD_LINK_TTL_SEC = 900;

/**
 * POST /v1/internal/recorder/recordings/:id/upload (docs/decisions/1082): a presigned PUT for this
 * recording's key only, valid UPLOAD_LINK_TTL_SEC. Only while the recording waits for its file
 * (in progress, stopped); a finished one (completed or failed) is 409, so a stray agent cannot
 * overwrite a file users download. An agent that restarted asks again and uploads again.
 */
export async function issueRecordingUpload(db: Db, id: string, now = new Date()): Promise<UploadLinkDto> {
  const row = await findAgentRecording(db, id);
  if (row.state === "completed" || row.state === "failed") {
    throw new ApiError("conflict", `The recording is ${row.state}: its file is final.`);
  }
  if (!row.stoppedAt) throw new ApiError("conflict", "The recording has not stopped yet.");
  const key = agentObjectKey(row);
  return {
    upload_url: await presignUpload({ key, expiresInSec: UPLOAD_LINK_TTL_SEC }),
    object_key: key,
    content_type: contentTypeOf(key),
    expires_at: new Date(now.getTime() + UPLOAD_LINK_TTL_SEC * 1000).toISOString(),
  };
}
