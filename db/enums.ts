/**
 * The value lists of the schema's enum-like columns, in a module that imports nothing: the schema
 * types its columns with them and its CHECK constraints are generated from them (db/schema.ts,
 * migration 0018), and the domain modules that own each vocabulary re-export them
 * (docs/decisions/1022). Adding a value: here, and in a migration that replaces the column's
 * CHECK constraint (tests/enum-checks.test.ts compares the database with these lists).
 */

/** Workspace roles (spec "Workspace roles"); lib/auth/roles.ts holds the permission matrix. */
export const ROLES = ["Owner", "Admin", "Developer", "Member", "Billing", "Viewer"] as const;
/** The plans an org can pick in cloud mode (lib/billing/plans.ts). */
export const PLANS = ["starter", "pro", "enterprise"] as const;
/** Single-use account links (lib/accounts/spend-account-token.ts). */
export const ACCOUNT_TOKEN_KINDS = ["signup", "password_reset"] as const;
/** A project's environment label (lib/projects/environments.ts). */
export const ENVIRONMENTS = ["prod", "staging", "dev"] as const;
/** Canonical room types and states (lib/rooms/room-type-values.ts). */
export const ROOM_TYPES = ["meeting", "1to1", "webinar", "live"] as const;
export const ROOM_STATES = ["created", "active", "ended"] as const;
/**
 * A recording's life (docs/spec/product-decisions.md §7): started -> completed | failed; a
 * recording the service asked the media plane for is `recording` until the plane confirms it
 * (docs/decisions/1080).
 */
export const RECORDING_STATES = ["recording", "started", "completed", "failed"] as const;
/**
 * A live stream's life (issue 45; docs/streaming.md): asked for (`starting`), confirmed by the
 * media plane (`live`), then `ended` (a stop, or its room ended) or `failed` (every output failed).
 */
export const STREAM_STATES = ["starting", "live", "ended", "failed"] as const;
/** A room's recording option (docs/decisions/1080): never, on request, or from the first join. */
export const ROOM_RECORD_MODES = ["off", "manual", "auto"] as const;
/** Key scopes and grants (lib/api-keys/scopes.ts). */
export const API_KEY_SCOPES = [
  "rooms:read",
  "rooms:write",
  "recordings:read",
  "recordings:write",
  "webhooks:write",
  "all",
] as const;
export const KEY_GRANTS = ["publish", "subscribe", "record"] as const;
/** Room-token signing algorithms (lib/tokens/signing-keys.ts). */
export const SIGNING_ALGS = ["ES256", "EdDSA"] as const;
/** Event names (spec "Event names"; lib/webhooks/event-catalog.ts): what workspace registration accepts. */
export const WORKSPACE_EVENTS = [
  "room.created",
  "room.ended",
  "recording.started",
  "recording.completed",
  "recording.failed",
] as const;
/** The whole catalog: what project-key registration accepts. */
export const CATALOG_EVENTS = [
  ...WORKSPACE_EVENTS,
  "recording.ready",
  "participant.left",
  "qos.alert",
  "license.revoked",
  /** Usage crossed 80 % or 100 % of a plan's included quota (issue 44; docs/decisions/1312). */
  "usage.threshold",
  /** Moderation (issue 47; docs/decisions/1325): a participant entered a room. */
  "participant.joined",
  /** Live streams (issue 45; docs/streaming.md). */
  "stream.started",
  "stream.ended",
  "stream.failed",
] as const;
/** Sent by "send test event" to one endpoint, whatever it subscribes to. */
export const TEST_EVENT = "webhook.test";
/** Every type a delivery can carry: the catalog and the test event. */
export const DELIVERY_EVENT_TYPES = [...CATALOG_EVENTS, TEST_EVENT] as const;
/** A delivery's state: pending until it ends one of the other ways. */
export const DELIVERY_STATUSES = ["pending", "succeeded", "gone", "dead", "cancelled", "skipped"] as const;
/** What an attempt left the delivery in. */
export const ATTEMPT_OUTCOMES = ["succeeded", "retry", "gone", "dead"] as const;
/** The debugger's error classes (docs/decisions/0945; lib/webhooks/delivery/error-class.ts). */
export const ERROR_CLASSES = [
  "timeout",
  "tls",
  "dns",
  "refused",
  "reset",
  "redirect",
  "ssrf_blocked",
  "http",
  "signing",
  "other",
] as const;
/** What the media plane reports (docs/spec/product-decisions.md §7; lib/media/media-report-schema.ts). */
export const MEDIA_REPORT_TYPES = [
  "participant.joined",
  "participant.left",
  "room.ended",
  "recording.started",
  "recording.completed",
  "recording.failed",
  "recording.ready",
  "qos.alert",
] as const;
/** What an email is for the cap, and where it is (lib/email/cap.ts). */
export const EMAIL_KINDS = ["room_invitation", "account"] as const;
export const EMAIL_STATES = ["queued", "sent", "failed"] as const;
/** What the audit trail records (docs/decisions/0602; lib/audit/audit-actions.ts). */
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
  "room.participant_removed",
  "recording.deleted",
  "recording.start_requested",
  "recording.stop_requested",
  "webhook.listen_started",
  "webhook.listen_ended",
  /** Retention removed the oldest entries; sealed (docs/decisions/1050). */
  "audit.pruned",
  /** Self-hosted licences issued and revoked in cloud mode (docs/decisions/1275). */
  "license.issued",
  "license.revoked",
  /** Two-factor, sessions and org policy (issue 46; docs/security.md). */
  "auth.two_factor_enabled",
  "auth.two_factor_disabled",
  "auth.recovery_code_used",
  "auth.session_ended",
  "member.sessions_ended",
  "org.two_factor_policy_changed",
  /** Workspace API keys (docs/decisions/1290). */
  "workspace_key.created",
  "workspace_key.rotated",
  "workspace_key.revoked",
  /** Share-link lock, waiting room and knocks (docs/decisions/1350). */
  "room.admission_changed",
  "room.guest_admitted",
  "room.guest_denied",
  /** Passkeys and single sign-on (issue 46; docs/decisions/1340, 1343). */
  "auth.passkey_added",
  "auth.passkey_renamed",
  "auth.passkey_removed",
  "org.sso_configured",
  "org.sso_removed",
  /** Moderation (issue 47; docs/decisions/1320–1324). */
  "room.tokens_revoked",
  "room.identity_banned",
  "room.identity_unbanned",
  "room.participant_muted",
  "room.participant_role_changed",
  "api_key.room_tokens_revoked",
  /** Live streams (issue 45; docs/streaming.md). */
  "stream.start_requested",
  "stream.stop_requested",
] as const;
/** What a WebAuthn challenge was issued for (docs/decisions/1340). */
export const WEBAUTHN_PURPOSES = ["registration", "authentication"] as const;
/** Who acted; system is the service itself (webhook endpoint health). */
export const ACTOR_TYPES = ["user", "api_key", "system"] as const;
/** An Idempotency-Key record's state (docs/decisions/0600). */
export const IDEMPOTENCY_STATES = ["in_progress", "completed"] as const;
/** What a room's timeline records (lib/rooms/record-room-activity.ts). */
export const ROOM_ACTIVITY_TYPES = [
  "participant.joined",
  "participant.left",
  /** A member removed the participant (DELETE rooms/:id/participants/:identity; decision 1305). */
  "participant.removed",
  "recording.started",
  "recording.completed",
  "recording.failed",
  "recording.ready",
  "qos.alert",
  "room.ended",
] as const;
/** A webhook endpoint's kind: posted over HTTPS, or the service's own test inbox (docs/decisions/1073). */
export const ENDPOINT_KINDS = ["https", "inbox"] as const;
/** Why a test-inbox message failed verification (lib/webhooks/verify-signature.ts). */
export const VERIFY_FAILURES = [
  "missing_headers",
  "unknown_kid",
  "invalid_timestamp",
  "timestamp_out_of_tolerance",
  "signature_mismatch",
] as const;
/** A share-link guest's knock (docs/decisions/1350): waiting, then admitted or denied by a member. */
export const KNOCK_STATES = ["waiting", "admitted", "denied"] as const;
/**
 * What usage meters, per org, project and UTC day (lib/usage/usage-metrics.ts; docs/usage.md):
 * participant minutes are publisher plus viewer minutes, so they are not stored apart.
 */
export const USAGE_METRICS = [
  "publisher_minutes",
  "viewer_minutes",
  "recording_minutes",
  "recording_bytes",
  "rooms_created",
  "room_tokens",
  "webhook_attempts",
  "webhook_successes",
  "emails_sent",
] as const;
/** What a plan's included quotas are counted in (lib/usage/quotas.ts). */
export const USAGE_QUOTA_METRICS = ["participant_minutes", "recording_minutes"] as const;
/** The shares of a plan's included quota that notify once per month (docs/decisions/1312). */
export const USAGE_THRESHOLDS = [80, 100] as const;
