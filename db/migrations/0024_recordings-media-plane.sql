-- Recordings the media plane makes (issue 35, docs/decisions/1080): a room's record option, the
-- plane's handle for a recording, when its stop was asked for, and the `recording` state (asked,
-- not yet confirmed by the plane). The CHECKs are generated from db/enum-columns.ts.
ALTER TABLE "rooms" ADD COLUMN "record" text DEFAULT 'manual' NOT NULL;
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "media_ref" text;
--> statement-breakpoint
ALTER TABLE "recordings" ADD COLUMN "stopped_at" timestamp (3) with time zone;
--> statement-breakpoint
CREATE INDEX "rooms_auto_record_active_idx" ON "rooms" USING btree ("id") WHERE record = 'auto' AND state = 'active';
--> statement-breakpoint
CREATE INDEX "recordings_media_ref_idx" ON "recordings" USING btree ("media_ref") WHERE media_ref IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "recordings_stopped_in_progress_idx" ON "recordings" USING btree ("stopped_at") WHERE state IN ('recording', 'started') AND stopped_at IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "recordings" DROP CONSTRAINT IF EXISTS "recordings_state_check";
--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_state_check" CHECK (state = ANY (ARRAY['recording'::text, 'started'::text, 'completed'::text, 'failed'::text]));
--> statement-breakpoint
ALTER TABLE "rooms" DROP CONSTRAINT IF EXISTS "rooms_record_check";
--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_record_check" CHECK (record = ANY (ARRAY['off'::text, 'manual'::text, 'auto'::text]));
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK (action = ANY (ARRAY['auth.signed_in'::text, 'api_key.created'::text, 'api_key.rotated'::text, 'api_key.revoked'::text, 'webhook.created'::text, 'webhook.updated'::text, 'webhook.deleted'::text, 'webhook.secret_rotated'::text, 'webhook.failing'::text, 'webhook.disabled'::text, 'webhook.recovered'::text, 'plan.selected'::text, 'auth.signed_out_everywhere'::text, 'auth.password_changed'::text, 'auth.password_reset'::text, 'auth.signed_up'::text, 'auth.org_switched'::text, 'member.role_changed'::text, 'member.removed'::text, 'member.joined'::text, 'member_invitation.created'::text, 'member_invitation.revoked'::text, 'member_invitation.resent'::text, 'project.created'::text, 'project.updated'::text, 'project.deleted'::text, 'room.updated'::text, 'room.ended'::text, 'recording.deleted'::text, 'recording.start_requested'::text, 'recording.stop_requested'::text, 'webhook.listen_started'::text, 'webhook.listen_ended'::text, 'audit.pruned'::text]));
