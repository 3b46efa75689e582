/**
 * The audit trail's vocabulary, in a module of its own (no imports) so the schema can type its
 * columns with it (db/schema.ts) and the wire schema can list it (lib/audit/audit-schema.ts).
 */

/** What the trail records (docs/decisions/0602). */
export const AUDIT_ACTIONS = [
  "auth.signed_in",
  "api_key.created",
  "api_key.rotated",
  "api_key.revoked",
  "webhook.created",
  "webhook.updated",
  "webhook.deleted",
  "webhook.secret_rotated",
  "webhook.failing",
  "webhook.disabled",
  "webhook.recovered",
  "plan.selected",
  "auth.signed_out_everywhere",
  "auth.password_changed",
  "auth.password_reset",
  "auth.signed_up",
  "auth.org_switched",
  "member.role_changed",
  "member.removed",
  "member.joined",
  "member_invitation.created",
  "member_invitation.revoked",
  "member_invitation.resent",
  "project.created",
  "project.updated",
  "project.deleted",
  "room.updated",
  "room.ended",
  "recording.deleted",
  "webhook.listen_started",
  "webhook.listen_ended",
  /** Retention removed the oldest entries; sealed (docs/decisions/1050). */
  "audit.pruned",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted; system is the service itself (webhook endpoint health). */
export const ACTOR_TYPES = ["user", "api_key", "system"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];
