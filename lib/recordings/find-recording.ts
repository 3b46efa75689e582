import { and, eq } from "drizzle-orm";
import { recordings } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";

export const recordingNotFound = () => new ApiError("not_found", "No such recording in this organisation.");

/** A recording of the org by id (primary key, org in the WHERE), whatever its state; or 404. */
export async function findRecording(
  db: DbOrTx,
  orgId: string,
  id: string,
  opts: { lock?: boolean } = {},
): Promise<typeof recordings.$inferSelect> {
  const q = db
    .select()
    .from(recordings)
    .where(and(eq(recordings.id, id), eq(recordings.orgId, orgId)))
    .limit(1);
  const [row] = opts.lock ? await q.for("update") : await q;
  if (!row) throw recordingNotFound();
  return row;
}
