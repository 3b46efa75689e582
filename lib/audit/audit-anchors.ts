import { z } from "zod";
import { seal, sealValid } from "@/lib/audit/audit-seal";
import { env } from "@/lib/env";
import { log } from "@/lib/log/logger";

/**
 * Where anchors are kept: object storage (lib/storage/audit-anchor-objects.ts), passed in by the
 * caller so the audit area does not depend on storage (tests/layers.test.ts).
 */
export interface AnchorStore {
  get(key: string): Promise<Uint8Array | undefined>;
  put(key: string, body: Uint8Array): Promise<void>;
}

/**
 * Sealed heads of each org's audit chain, kept in object storage, outside the database
 * (docs/decisions/1051). A database owner who rewrites and re-chains the log cannot make the
 * chain match an anchor written before: the anchored entry's hash changes, or it disappears. The
 * seal stops them from writing a matching anchor even if they could reach the bucket.
 */
const anchorSchema = z.object({
  org_id: z.string(),
  seq: z.number().int().min(1),
  hash: z.string(),
  anchored_at: z.string(),
  seal: z.string(),
});
export type AuditAnchor = z.output<typeof anchorSchema>;

const anchorKey = (orgId: string) => `audit-anchors/${orgId}.json`;

export function anchorsOn(): boolean {
  return env.SVC_AUDIT_ANCHORS === "storage";
}

export type ReadAnchor = { state: "none" } | { state: "invalid" } | { state: "valid"; anchor: AuditAnchor };

/** The org's last anchor; `invalid` when present but unreadable or its seal does not verify. */
export async function readAnchor(store: AnchorStore, orgId: string): Promise<ReadAnchor> {
  if (!anchorsOn()) return { state: "none" };
  let bytes: Uint8Array | undefined;
  try {
    bytes = await store.get(anchorKey(orgId));
  } catch (err) {
    // Storage being down must not make the log look tampered with: verification goes on without.
    log.warn("could not read the audit anchor", { orgId, err });
    return { state: "none" };
  }
  if (!bytes) return { state: "none" };
  let parsed: z.ZodSafeParseResult<AuditAnchor>;
  try {
    parsed = anchorSchema.safeParse(JSON.parse(Buffer.from(bytes).toString("utf8")));
  } catch {
    return { state: "invalid" };
  }
  if (!parsed.success) return { state: "invalid" };
  const a = parsed.data;
  const ok = a.org_id === orgId && sealValid({ kind: "head", orgId, seq: a.seq, hash: a.hash }, a.seal);
  return ok ? { state: "valid", anchor: a } : { state: "invalid" };
}

/** Seals a head; the verify answer carries it so an operator can keep it anywhere. */
export function sealHead(orgId: string, head: { seq: number; hash: string }): string {
  return seal({ kind: "head", orgId, seq: head.seq, hash: head.hash });
}

/** Writes the org's head as its new anchor (only ever for a chain that just verified intact). */
export async function writeAnchor(
  store: AnchorStore,
  orgId: string,
  head: { seq: number; hash: string },
  now: Date,
): Promise<void> {
  if (!anchorsOn()) return;
  const anchor: AuditAnchor = {
    org_id: orgId,
    seq: head.seq,
    hash: head.hash,
    anchored_at: now.toISOString(),
    seal: sealHead(orgId, head),
  };
  try {
    await store.put(anchorKey(orgId), Buffer.from(JSON.stringify(anchor)));
  } catch (err) {
    log.warn("could not write the audit anchor", { orgId, err });
  }
}
