import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import { env } from "@/lib/env";
import { getEncryptionKey } from "@/lib/secrets";

/**
 * Seals for the audit log (docs/decisions/1050): an HMAC-SHA-256 with a key the database never
 * holds, over what a database writer could otherwise forge (a prune checkpoint, a chain head).
 * Anyone with SQL can append or rewrite rows; nobody without this key can make a seal verify.
 */
let cached: { from: string; key: Buffer } | undefined;
function auditKey(): Buffer {
  const from = env.SVC_AUDIT_KEY ?? "derived";
  if (cached?.from !== from) {
    const key = env.SVC_AUDIT_KEY
      ? Buffer.from(env.SVC_AUDIT_KEY, "base64")
      : // A key of its own, derived so a seal never doubles as an encryption or storage signature.
        Buffer.from(hkdfSync("sha256", getEncryptionKey(), "", "svc-audit-seal", 32));
    cached = { from, key };
  }
  return cached.key;
}

/**
 * An entry's own fields as the app writes them (the database adds seq, hashes and created_at,
 * which the hash chain covers): its seal proves the app wrote it (docs/decisions/1264).
 */
export interface EntryFacts {
  id: string;
  orgId: string;
  actorType: string;
  actorId: string;
  actorLabel: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  ip: string | null;
  userAgent: string | null;
  requestId: string | null;
  metadata: unknown;
}

/** What a seal covers: a kind, so a prune seal is never accepted as a head seal, and its fields. */
export type SealedFacts =
  | { kind: "prune"; orgId: string; throughSeq: number; throughHash: string; prunedBefore: string }
  | { kind: "head"; orgId: string; seq: number; hash: string }
  | ({ kind: "entry" } & EntryFacts);

/** JSON with object keys sorted at every depth: jsonb hands metadata back in its own key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

function message(f: SealedFacts): string {
  switch (f.kind) {
    case "prune":
      return JSON.stringify(["svc-audit-prune", f.orgId, f.throughSeq, f.throughHash, f.prunedBefore]);
    case "head":
      return JSON.stringify(["svc-audit-head", f.orgId, f.seq, f.hash]);
    case "entry":
      return JSON.stringify([
        "svc-audit-entry",
        f.id,
        f.orgId,
        f.actorType,
        f.actorId,
        f.actorLabel,
        f.action,
        f.targetType,
        f.targetId,
        f.ip,
        f.userAgent,
        f.requestId,
        canonical(f.metadata ?? {}),
      ]);
  }
}

/** The seal the app stores with an entry it appends (lib/audit/record-audit.ts). */
export function sealEntry(e: EntryFacts): string {
  return seal({ kind: "entry", ...e });
}

export function seal(f: SealedFacts): string {
  return createHmac("sha256", auditKey()).update(message(f), "utf8").digest("base64url");
}

/** Constant-time: a database writer probing seals learns nothing from the timing. */
export function sealValid(f: SealedFacts, given: unknown): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(seal(f));
  return a.length === b.length && timingSafeEqual(a, b);
}
