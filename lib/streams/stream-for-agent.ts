import { eq } from "drizzle-orm";
import { streams } from "@/db/schema";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/http/errors";
import { contentTypeOfName } from "@/lib/recordings/recording-object";
import { presignUpload } from "@/lib/storage/presign-upload";
import { streamHlsPrefix } from "@/lib/streams/stream-object";
import type { AgentStreamDto, StreamUploadRequest } from "@/lib/streams/streamer-schema";

/** The final playlist and last segments come after the stop: uploads stay open this long after the end. */
export const UPLOAD_GRACE_MS = 2 * 60_000;
const LINK_TTL_SEC = 300;

async function agentStream(db: Db, id: string) {
  const [row] = await db.select().from(streams).where(eq(streams.id, id)).limit(1);
  if (!row) throw new ApiError("not_found", "No such stream.");
  return row;
}

/** GET /v1/internal/streamer/streams/:id: what the agent needs to know each pass (over or not). */
export async function streamForAgent(db: Db, id: string): Promise<AgentStreamDto> {
  const row = await agentStream(db, id);
  return {
    id: row.id,
    room_id: row.roomId,
    state: row.state,
    over: row.state === "ended" || row.state === "failed" || row.stoppedAt !== null,
  };
}

/**
 * POST /v1/internal/streamer/streams/:id/upload: presigned PUTs for HLS files under the stream's
 * own prefix (the service derives the key; the agent names only the file), of exactly the size
 * declared. Only while the stream runs, and for a short grace after its end (the final playlist
 * with #EXT-X-ENDLIST); a failed HLS output or an old stream is 409. Only streams with an HLS output.
 */
export async function issueStreamUpload(
  db: Db,
  id: string,
  request: StreamUploadRequest,
  now = new Date(),
): Promise<{ uploads: { name: string; upload_url: string; content_type: string }[] }> {
  const row = await agentStream(db, id);
  const hls = row.outputs.find((o) => o.kind === "hls");
  if (!hls) throw new ApiError("conflict", "The stream has no HLS output.");
  if (hls.state === "failed") throw new ApiError("conflict", "The stream's HLS output has failed.");
  if (row.endedAt && now.getTime() - row.endedAt.getTime() > UPLOAD_GRACE_MS) {
    throw new ApiError("conflict", `The stream is ${row.state}: its HLS is final.`);
  }
  const max = env.SVC_RECORDING_UPLOAD_MAX_BYTES;
  const over = request.files.find((f) => f.size_bytes > max);
  if (over) throw new ApiError("payload_too_large", `${over.name} has ${over.size_bytes} bytes.`);
  const prefix = streamHlsPrefix(row);
  const uploads = await Promise.all(
    request.files.map(async (f) => ({
      name: f.name,
      upload_url: await presignUpload({
        key: `${prefix}${f.name}`,
        sizeBytes: f.size_bytes,
        expiresInSec: LINK_TTL_SEC,
      }),
      content_type: contentTypeOfName(f.name),
    })),
  );
  return { uploads };
}
