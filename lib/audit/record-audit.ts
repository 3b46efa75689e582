import { auditLog } from "@/db/schema";
import type { ActorType, AuditAction } from "@/lib/audit/audit-actions";
import { type EntryFacts, sealEntry } from "@/lib/audit/audit-seal";
import type { Db, DbOrTx, Tx } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import type { Member } from "@/lib/identity/load-member";
import { newId } from "@/lib/ids";
import { requestContext } from "@/lib/log/logger";

export interface AuditContext {
  orgId: string;
  /** system: the service itself (webhook endpoint health). */
  actor: { type: ActorType; id: string; label: string | null };
  /** From where: the client's IP (lib/http/client-ip.ts, as every IP limit sees it), its user agent, our request id. */
  origin: { ip: string | null; userAgent: string | null; requestId: string | null };
}

export interface AuditEntry {
  action: AuditAction;
  target?: { type: string; id: string };
  /** Non-secret details; keys that look like credentials are dropped, whatever the caller passes. */
  metadata?: Record<string, string | number | boolean | null | string[]>;
}

const CREDENTIAL_KEY = /secret|password|token|authorization|cookie|api_?key|signature|hash/i;

export function requestOrigin(req: Request): AuditContext["origin"] {
  return {
    ip: clientIp(req).slice(0, 100),
    userAgent: req.headers.get("user-agent")?.slice(0, 512) ?? null,
    requestId: requestContext.getStore()?.requestId ?? null,
  };
}

/** A signed-in member acting through the workspace API or the console, or a workspace API key (docs/decisions/1290). */
export function memberAuditContext(
  req: Request,
  member: Pick<Member, "orgId" | "userId" | "email" | "key">,
): AuditContext {
  return {
    orgId: member.orgId,
    actor: member.key
      ? { type: "api_key", id: member.key.id, label: member.key.name }
      : { type: "user", id: member.userId, label: member.email },
    origin: requestOrigin(req),
  };
}

/** A customer server acting with a project key (endpoint 15). */
export function keyAuditContext(
  req: Request,
  // The fields of lib/api-keys' ProjectKeyPrincipal it reads, spelled out: importing that type would
  // close an import cycle through lib/jobs (tests/layers.test.ts).
  key: { orgId: string; keyId: string },
): AuditContext {
  return {
    orgId: key.orgId,
    actor: { type: "api_key", id: key.keyId, label: null },
    origin: requestOrigin(req),
  };
}

/** Appends one entry. Call it inside the transaction that made the change, so neither exists alone. */
export async function recordAudit(db: DbOrTx, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  const metadata = Object.fromEntries(
    Object.entries(entry.metadata ?? {}).filter(([k]) => !CREDENTIAL_KEY.test(k)),
  );
  const facts: EntryFacts = {
    id: newId("audit"),
    orgId: ctx.orgId,
    actorType: ctx.actor.type,
    actorId: ctx.actor.id,
    actorLabel: ctx.actor.label,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    ip: ctx.origin.ip,
    userAgent: ctx.origin.userAgent,
    requestId: ctx.origin.requestId,
    metadata,
  };
  // Sealed with the audit key, which the database never holds: a row INSERTed by anyone else
  // (a leaked database credential) fails verification (docs/decisions/1264).
  await db
    .insert(auditLog)
    .values({ ...facts, actorType: ctx.actor.type, action: entry.action, seal: sealEntry(facts) });
}

/**
 * Runs a change and its audit entry in one transaction: `entryFor` turns the change's result into
 * the entry. A change that throws records nothing.
 */
export async function audited<T>(
  db: Db,
  ctx: AuditContext,
  change: (tx: Tx) => Promise<T>,
  entryFor: (result: T) => AuditEntry,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    await recordAudit(tx, ctx, entryFor(result));
    return result;
  });
}

/** A successful sign-in, through the API (`POST /v1/auth/login`) or the console's sign-in form. */
export async function recordSignIn(
  db: DbOrTx,
  member: Pick<Member, "orgId" | "userId" | "email">,
  origin: AuditContext["origin"],
  /** `passkey`: password-less with a passkey; `sso`: through the org's identity provider (issue 46). */
  via: "api" | "console" | "passkey" | "sso",
  /** How the second factor was given (lib/auth/two-factor/check-second-factor.ts), when it was asked. */
  secondFactor: "none" | "otp" | "recovery_code" | "remembered_device" | "passkey" = "none",
): Promise<void> {
  const ctx: AuditContext = {
    orgId: member.orgId,
    actor: { type: "user", id: member.userId, label: member.email },
    origin,
  };
  await recordAudit(db, ctx, {
    action: "auth.signed_in",
    target: { type: "user", id: member.userId },
    metadata: { via, second_factor: secondFactor },
  });
  if (secondFactor === "recovery_code") {
    await recordAudit(db, ctx, {
      action: "auth.recovery_code_used",
      target: { type: "user", id: member.userId },
    });
  }
}
