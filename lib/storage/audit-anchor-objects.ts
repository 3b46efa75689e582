import { getObject } from "@/lib/storage/get-object";
import { putObject } from "@/lib/storage/put-object";

/**
 * The audit log's sealed heads live in object storage, outside the database (docs/decisions/1051):
 * the configured bucket, or the embedded default's local store under the data dir. Shaped as
 * lib/audit/audit-anchors.ts's AnchorStore.
 */
export const auditAnchorObjects = {
  get: (key: string): Promise<Uint8Array | undefined> => getObject(key),
  put: (key: string, body: Uint8Array): Promise<void> =>
    putObject({ key, body, contentType: "application/json" }),
};
