-- The enum-like columns' CHECK constraints, every one, as db/enum-columns.ts generates them: the
-- branches merged in this release (usage, moderation, streams, passkeys and SSO, share-link
-- knocks) each redefined a few (audit actions, event types) from their own copy of the lists, so
-- the last one applied would have dropped the others' values (as migration 0034 did before).
ALTER TABLE "orgs" DROP CONSTRAINT IF EXISTS "orgs_plan_check";
--> statement-breakpoint
ALTER TABLE "orgs" ADD CONSTRAINT "orgs_plan_check" CHECK (plan = ANY (ARRAY['starter'::text, 'pro'::text, 'enterprise'::text]));
--> statement-breakpoint
ALTER TABLE "memberships" DROP CONSTRAINT IF EXISTS "memberships_role_check";
--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_role_check" CHECK (role = ANY (ARRAY['Owner'::text, 'Admin'::text, 'Developer'::text, 'Member'::text, 'Billing'::text, 'Viewer'::text]));
--> statement-breakpoint
ALTER TABLE "org_invitations" DROP CONSTRAINT IF EXISTS "org_invitations_role_check";
--> statement-breakpoint
ALTER TABLE "org_invitations" ADD CONSTRAINT "org_invitations_role_check" CHECK (role = ANY (ARRAY['Owner'::text, 'Admin'::text, 'Developer'::text, 'Member'::text, 'Billing'::text, 'Viewer'::text]));
--> statement-breakpoint
ALTER TABLE "account_tokens" DROP CONSTRAINT IF EXISTS "account_tokens_kind_check";
--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_kind_check" CHECK (kind = ANY (ARRAY['signup'::text, 'password_reset'::text]));
--> statement-breakpoint
ALTER TABLE "projects" DROP CONSTRAINT IF EXISTS "projects_environment_check";
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_environment_check" CHECK (environment = ANY (ARRAY['prod'::text, 'staging'::text, 'dev'::text]));
--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT IF EXISTS "rooms_type_check";
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_type_check" CHECK (type = ANY (ARRAY['meeting'::text, '1to1'::text, 'webinar'::text, 'live'::text]));
--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT IF EXISTS "rooms_state_check";
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_state_check" CHECK (state = ANY (ARRAY['created'::text, 'active'::text, 'ended'::text]));
--> statement-breakpoint
ALTER TABLE "recordings" DROP CONSTRAINT IF EXISTS "recordings_state_check";
--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_state_check" CHECK (state = ANY (ARRAY['recording'::text, 'started'::text, 'completed'::text, 'failed'::text]));
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT IF EXISTS "api_keys_scope_check";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_scope_check" CHECK (scope = ANY (ARRAY['rooms:read'::text, 'rooms:write'::text, 'recordings:read'::text, 'recordings:write'::text, 'webhooks:write'::text, 'all'::text]));
--> statement-breakpoint
ALTER TABLE "api_keys" DROP CONSTRAINT IF EXISTS "api_keys_grants_check";
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_grants_check" CHECK (grants <@ ARRAY['publish'::text, 'subscribe'::text, 'record'::text]);
--> statement-breakpoint
ALTER TABLE "workspace_keys" DROP CONSTRAINT IF EXISTS "workspace_keys_role_check";
--> statement-breakpoint
ALTER TABLE "workspace_keys" ADD CONSTRAINT "workspace_keys_role_check" CHECK (role = ANY (ARRAY['Owner'::text, 'Admin'::text, 'Developer'::text, 'Member'::text, 'Billing'::text, 'Viewer'::text]));
--> statement-breakpoint
ALTER TABLE "token_signing_keys" DROP CONSTRAINT IF EXISTS "token_signing_keys_alg_check";
--> statement-breakpoint
ALTER TABLE "token_signing_keys" ADD CONSTRAINT "token_signing_keys_alg_check" CHECK (alg = ANY (ARRAY['ES256'::text, 'EdDSA'::text]));
--> statement-breakpoint
ALTER TABLE "license_signing_keys" DROP CONSTRAINT IF EXISTS "license_signing_keys_alg_check";
--> statement-breakpoint
ALTER TABLE "license_signing_keys" ADD CONSTRAINT "license_signing_keys_alg_check" CHECK (alg = ANY (ARRAY['ES256'::text, 'EdDSA'::text]));
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT IF EXISTS "webhook_endpoints_events_check";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_check" CHECK (events <@ ARRAY['room.created'::text, 'room.ended'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'participant.left'::text, 'qos.alert'::text, 'license.revoked'::text, 'usage.threshold'::text, 'participant.joined'::text, 'stream.started'::text, 'stream.ended'::text, 'stream.failed'::text]);
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT IF EXISTS "events_type_check";
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK (type = ANY (ARRAY['room.created'::text, 'room.ended'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'participant.left'::text, 'qos.alert'::text, 'license.revoked'::text, 'usage.threshold'::text, 'participant.joined'::text, 'stream.started'::text, 'stream.ended'::text, 'stream.failed'::text, 'webhook.test'::text]));
--> statement-breakpoint
ALTER TABLE "deliveries" DROP CONSTRAINT IF EXISTS "deliveries_status_check";
--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_status_check" CHECK (status = ANY (ARRAY['pending'::text, 'succeeded'::text, 'gone'::text, 'dead'::text, 'cancelled'::text, 'skipped'::text]));
--> statement-breakpoint
ALTER TABLE "delivery_attempts" DROP CONSTRAINT IF EXISTS "delivery_attempts_outcome_check";
--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_outcome_check" CHECK (outcome = ANY (ARRAY['succeeded'::text, 'retry'::text, 'gone'::text, 'dead'::text]));
--> statement-breakpoint
ALTER TABLE "delivery_attempts" DROP CONSTRAINT IF EXISTS "delivery_attempts_error_class_check";
--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_error_class_check" CHECK (error_class = ANY (ARRAY['timeout'::text, 'tls'::text, 'dns'::text, 'refused'::text, 'reset'::text, 'redirect'::text, 'ssrf_blocked'::text, 'http'::text, 'signing'::text, 'other'::text]));
--> statement-breakpoint
ALTER TABLE "media_reports" DROP CONSTRAINT IF EXISTS "media_reports_type_check";
--> statement-breakpoint
ALTER TABLE "media_reports" ADD CONSTRAINT "media_reports_type_check" CHECK (type = ANY (ARRAY['participant.joined'::text, 'participant.left'::text, 'room.ended'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'qos.alert'::text]));
--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT IF EXISTS "emails_kind_check";
--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_kind_check" CHECK (kind = ANY (ARRAY['room_invitation'::text, 'account'::text]));
--> statement-breakpoint
ALTER TABLE "emails" DROP CONSTRAINT IF EXISTS "emails_state_check";
--> statement-breakpoint
ALTER TABLE "emails" ADD CONSTRAINT "emails_state_check" CHECK (state = ANY (ARRAY['queued'::text, 'sent'::text, 'failed'::text]));
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_actor_type_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_type_check" CHECK (actor_type = ANY (ARRAY['user'::text, 'api_key'::text, 'system'::text]));
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK (action = ANY (ARRAY['auth.signed_in'::text, 'api_key.created'::text, 'api_key.rotated'::text, 'api_key.revoked'::text, 'webhook.created'::text, 'webhook.updated'::text, 'webhook.deleted'::text, 'webhook.secret_rotated'::text, 'webhook.failing'::text, 'webhook.disabled'::text, 'webhook.recovered'::text, 'plan.selected'::text, 'auth.signed_out_everywhere'::text, 'auth.password_changed'::text, 'auth.password_reset'::text, 'auth.signed_up'::text, 'auth.org_switched'::text, 'member.role_changed'::text, 'member.removed'::text, 'member.joined'::text, 'member_invitation.created'::text, 'member_invitation.revoked'::text, 'member_invitation.resent'::text, 'project.created'::text, 'project.updated'::text, 'project.deleted'::text, 'room.updated'::text, 'room.ended'::text, 'room.participant_removed'::text, 'recording.deleted'::text, 'recording.start_requested'::text, 'recording.stop_requested'::text, 'webhook.listen_started'::text, 'webhook.listen_ended'::text, 'audit.pruned'::text, 'license.issued'::text, 'license.revoked'::text, 'auth.two_factor_enabled'::text, 'auth.two_factor_disabled'::text, 'auth.recovery_code_used'::text, 'auth.session_ended'::text, 'member.sessions_ended'::text, 'org.two_factor_policy_changed'::text, 'workspace_key.created'::text, 'workspace_key.rotated'::text, 'workspace_key.revoked'::text, 'room.admission_changed'::text, 'room.guest_admitted'::text, 'room.guest_denied'::text, 'auth.passkey_added'::text, 'auth.passkey_renamed'::text, 'auth.passkey_removed'::text, 'org.sso_configured'::text, 'org.sso_removed'::text, 'room.tokens_revoked'::text, 'room.identity_banned'::text, 'room.identity_unbanned'::text, 'room.participant_muted'::text, 'room.participant_role_changed'::text, 'api_key.room_tokens_revoked'::text, 'stream.start_requested'::text, 'stream.stop_requested'::text]));
--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP CONSTRAINT IF EXISTS "idempotency_keys_state_check";
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_state_check" CHECK (state = ANY (ARRAY['in_progress'::text, 'completed'::text]));
--> statement-breakpoint
ALTER TABLE "room_activity" DROP CONSTRAINT IF EXISTS "room_activity_type_check";
--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_type_check" CHECK (type = ANY (ARRAY['participant.joined'::text, 'participant.left'::text, 'participant.removed'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'qos.alert'::text, 'room.ended'::text]));
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT IF EXISTS "webhook_endpoints_kind_check";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_kind_check" CHECK (kind = ANY (ARRAY['https'::text, 'inbox'::text]));
--> statement-breakpoint
ALTER TABLE "room_knocks" DROP CONSTRAINT IF EXISTS "room_knocks_state_check";
--> statement-breakpoint
ALTER TABLE "room_knocks" ADD CONSTRAINT "room_knocks_state_check" CHECK (state = ANY (ARRAY['waiting'::text, 'admitted'::text, 'denied'::text]));
--> statement-breakpoint
ALTER TABLE "webhook_inbox_messages" DROP CONSTRAINT IF EXISTS "webhook_inbox_messages_verify_failure_check";
--> statement-breakpoint
ALTER TABLE "webhook_inbox_messages" ADD CONSTRAINT "webhook_inbox_messages_verify_failure_check" CHECK (verify_failure = ANY (ARRAY['missing_headers'::text, 'unknown_kid'::text, 'invalid_timestamp'::text, 'timestamp_out_of_tolerance'::text, 'signature_mismatch'::text]));
--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT IF EXISTS "rooms_record_check";
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_record_check" CHECK (record = ANY (ARRAY['off'::text, 'manual'::text, 'auto'::text]));
--> statement-breakpoint
ALTER TABLE "webauthn_challenges" DROP CONSTRAINT IF EXISTS "webauthn_challenges_purpose_check";
--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_purpose_check" CHECK (purpose = ANY (ARRAY['registration'::text, 'authentication'::text]));
--> statement-breakpoint
ALTER TABLE "org_sso" DROP CONSTRAINT IF EXISTS "org_sso_default_role_check";
--> statement-breakpoint
ALTER TABLE "org_sso" ADD CONSTRAINT "org_sso_default_role_check" CHECK (default_role = ANY (ARRAY['Owner'::text, 'Admin'::text, 'Developer'::text, 'Member'::text, 'Billing'::text, 'Viewer'::text]));
--> statement-breakpoint
ALTER TABLE "usage_daily" DROP CONSTRAINT IF EXISTS "usage_daily_metric_check";
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_metric_check" CHECK (metric = ANY (ARRAY['publisher_minutes'::text, 'viewer_minutes'::text, 'recording_minutes'::text, 'recording_bytes'::text, 'rooms_created'::text, 'room_tokens'::text, 'webhook_attempts'::text, 'webhook_successes'::text, 'emails_sent'::text]));
--> statement-breakpoint
ALTER TABLE "usage_threshold_notices" DROP CONSTRAINT IF EXISTS "usage_threshold_notices_metric_check";
--> statement-breakpoint
ALTER TABLE "usage_threshold_notices" ADD CONSTRAINT "usage_threshold_notices_metric_check" CHECK (metric = ANY (ARRAY['participant_minutes'::text, 'recording_minutes'::text]));
--> statement-breakpoint
ALTER TABLE "streams" DROP CONSTRAINT IF EXISTS "streams_state_check";
--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_state_check" CHECK (state = ANY (ARRAY['starting'::text, 'live'::text, 'ended'::text, 'failed'::text]));
