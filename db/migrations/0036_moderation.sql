-- Moderation and revocation (issue 47; docs/decisions/1320-1325): room-token revocations, bans,
-- eject at expiry, the API-key flag that reaches into rooms, and a per-room event sequence.
ALTER TABLE "media_connections" ADD COLUMN "issued_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "media_connections" ADD COLUMN "eject_at" timestamp (3) with time zone;
--> statement-breakpoint
ALTER TABLE "media_connections" ADD COLUMN "key_id" text;
--> statement-breakpoint
ALTER TABLE "media_connections" ADD COLUMN "published_tracks" jsonb;
--> statement-breakpoint
CREATE INDEX "media_connections_eject_idx" ON "media_connections" ("eject_at") WHERE eject_at IS NOT NULL AND left_at IS NULL;
--> statement-breakpoint
CREATE INDEX "media_connections_key_idx" ON "media_connections" ("key_id") WHERE key_id IS NOT NULL AND left_at IS NULL;
--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "room_tokens_revoked_at" timestamp (3) with time zone;
--> statement-breakpoint
CREATE TABLE "room_revocations" (
  "id" text PRIMARY KEY NOT NULL,
  "org_id" text NOT NULL REFERENCES "orgs"("id") ON DELETE cascade,
  "room_id" text NOT NULL REFERENCES "rooms"("id") ON DELETE cascade,
  "identity" text,
  "issued_before" timestamp (3) with time zone NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "room_revocations_room_idx" ON "room_revocations" ("room_id", "identity");
--> statement-breakpoint
CREATE TABLE "room_bans" (
  "room_id" text NOT NULL REFERENCES "rooms"("id") ON DELETE cascade,
  "identity" text NOT NULL,
  "org_id" text NOT NULL REFERENCES "orgs"("id") ON DELETE cascade,
  "until" timestamp (3) with time zone,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "room_bans_room_id_identity_pk" PRIMARY KEY ("room_id", "identity")
);
--> statement-breakpoint
-- No foreign key: an event's number is taken in the event's own transaction whatever the room row
-- does (an event about a room deleted in the same change, a fixture's room), and a counter left by a
-- deleted project's rooms is one small row.
CREATE TABLE "room_event_sequences" (
  "room_id" text PRIMARY KEY NOT NULL,
  "last" bigint NOT NULL
);
--> statement-breakpoint
-- The CHECKs whose lists this release extends (participant.joined; the moderation audit actions),
-- as db/enum-columns.ts generates them.
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT IF EXISTS "webhook_endpoints_events_check";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_check" CHECK (events <@ ARRAY['room.created'::text, 'room.ended'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'participant.left'::text, 'qos.alert'::text, 'license.revoked'::text, 'participant.joined'::text]);
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT IF EXISTS "events_type_check";
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK (type = ANY (ARRAY['room.created'::text, 'room.ended'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'participant.left'::text, 'qos.alert'::text, 'license.revoked'::text, 'participant.joined'::text, 'webhook.test'::text]));
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK (action = ANY (ARRAY['auth.signed_in'::text, 'api_key.created'::text, 'api_key.rotated'::text, 'api_key.revoked'::text, 'webhook.created'::text, 'webhook.updated'::text, 'webhook.deleted'::text, 'webhook.secret_rotated'::text, 'webhook.failing'::text, 'webhook.disabled'::text, 'webhook.recovered'::text, 'plan.selected'::text, 'auth.signed_out_everywhere'::text, 'auth.password_changed'::text, 'auth.password_reset'::text, 'auth.signed_up'::text, 'auth.org_switched'::text, 'member.role_changed'::text, 'member.removed'::text, 'member.joined'::text, 'member_invitation.created'::text, 'member_invitation.revoked'::text, 'member_invitation.resent'::text, 'project.created'::text, 'project.updated'::text, 'project.deleted'::text, 'room.updated'::text, 'room.ended'::text, 'room.participant_removed'::text, 'recording.deleted'::text, 'recording.start_requested'::text, 'recording.stop_requested'::text, 'webhook.listen_started'::text, 'webhook.listen_ended'::text, 'audit.pruned'::text, 'license.issued'::text, 'license.revoked'::text, 'auth.two_factor_enabled'::text, 'auth.two_factor_disabled'::text, 'auth.recovery_code_used'::text, 'auth.session_ended'::text, 'member.sessions_ended'::text, 'org.two_factor_policy_changed'::text, 'workspace_key.created'::text, 'workspace_key.rotated'::text, 'workspace_key.revoked'::text, 'room.tokens_revoked'::text, 'room.identity_banned'::text, 'room.identity_unbanned'::text, 'room.participant_muted'::text, 'room.participant_role_changed'::text, 'api_key.room_tokens_revoked'::text]));
