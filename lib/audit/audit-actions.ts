import { ACTOR_TYPES, AUDIT_ACTIONS } from "@/db/enums";

/**
 * The audit trail's vocabulary: the lists live in db/enums.ts (the schema types its columns and
 * checks them with them, docs/decisions/1022); the wire schema lists them (lib/audit/audit-schema.ts).
 */

/** What the trail records (docs/decisions/0602). */
export { ACTOR_TYPES, AUDIT_ACTIONS };
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted; system is the service itself (webhook endpoint health). */
export type ActorType = (typeof ACTOR_TYPES)[number];
