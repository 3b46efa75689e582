/**
 * The regions of object storage the service hands out: recordings (docs/decisions/1245, 1360)
 * and live streams' HLS (lib/streams/stream-object.ts). Every presigned download or upload and
 * every deletion goes through assertServedKey, so whatever a row, a report or a bug names, no
 * link and no delete can reach an object outside them: audit anchors in particular live apart
 * (lib/storage/audit-anchor-objects.ts).
 */
export const SERVED_PREFIXES = ["recordings/", "streams/"] as const;

/** Whether `key` lies under a served prefix with plain segments (no empty, `.` or `..` ones to re-path it). */
export function isServedKey(key: string): boolean {
  if (!SERVED_PREFIXES.some((prefix) => key.startsWith(prefix))) return false;
  // A trailing `/` marks a prefix (a recording's folder): its last segment is empty by design.
  const segments = (key.endsWith("/") ? key.slice(0, -1) : key).split("/");
  return segments.every(
    (s) => s !== "" && s !== "." && s !== ".." && !s.includes("\\") && !s.includes("\u0000"),
  );
}

export function assertServedKey(key: string): void {
  // A programming error, never a client's: every served key is derived by the service (1245).
  if (!isServedKey(key)) throw new Error(`not a key the service serves or deletes: ${JSON.stringify(key)}`);
}
