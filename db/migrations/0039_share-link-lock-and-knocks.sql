-- Share-link lock and waiting room (docs/decisions/1350): two room flags, the knocks guests make
-- while they wait, and the audit actions of both (the whole list, as db/enum-columns.ts makes it);
-- and the index sign-in uses to find an unconfirmed sign-up (docs/decisions/1351).
ALTER TABLE "rooms" ADD COLUMN IF NOT EXISTS "link_locked" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN IF NOT EXISTS "waiting_room" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "room_knocks" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"room_id" text NOT NULL,
	"display_name" text NOT NULL,
	"secret_hash" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp (3) with time zone,
	"decided_by" text,
	"token_issued_at" timestamp (3) with time zone
);
--> statement-breakpoint
ALTER TABLE "room_knocks" ADD CONSTRAINT "room_knocks_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "room_knocks" ADD CONSTRAINT "room_knocks_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "room_knocks_room_state_idx" ON "room_knocks" USING btree ("room_id","state","created_at");
--> statement-breakpoint
-- Sign-in of an address without an account looks up its newest unconfirmed sign-up (decision 1351).
CREATE INDEX IF NOT EXISTS "account_tokens_email_kind_unused_idx" ON "account_tokens" USING btree ("email","kind","created_at") WHERE "account_tokens"."used_at" is null;
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK (action = ANY (ARRAY['auth.signed_in'::text, 'api_key.created'::text, 'api_key.rotated'::text, 'api_key.revoked'::text, 'webhook.created'::text, 'webhook.updated'::text, 'webhook.deleted'::text, 'webhook.secret_rotated'::text, 'webhook.failing'::text, 'webhook.disabled'::text, 'webhook.recovered'::text, 'plan.selected'::text, 'auth.signed_out_everywhere'::text, 'auth.password_changed'::text, 'auth.password_reset'::text, 'auth.signed_up'::text, 'auth.org_switched'::text, 'member.role_changed'::text, 'member.removed'::text, 'member.joined'::text, 'member_invitation.created'::text, 'member_invitation.revoked'::text, 'member_invitation.resent'::text, 'project.created'::text, 'project.updated'::text, 'project.deleted'::text, 'room.updated'::text, 'room.ended'::text, 'room.participant_removed'::text, 'recording.deleted'::text, 'recording.start_requested'::text, 'recording.stop_requested'::text, 'webhook.listen_started'::text, 'webhook.listen_ended'::text, 'audit.pruned'::text, 'license.issued'::text, 'license.revoked'::text, 'auth.two_factor_enabled'::text, 'auth.two_factor_disabled'::text, 'auth.recovery_code_used'::text, 'auth.session_ended'::text, 'member.sessions_ended'::text, 'org.two_factor_policy_changed'::text, 'workspace_key.created'::text, 'workspace_key.rotated'::text, 'workspace_key.revoked'::text, 'room.admission_changed'::text, 'room.guest_admitted'::text, 'room.guest_denied'::text]));
--> statement-breakpoint
ALTER TABLE "room_knocks" DROP CONSTRAINT IF EXISTS "room_knocks_state_check";
--> statement-breakpoint
ALTER TABLE "room_knocks" ADD CONSTRAINT "room_knocks_state_check" CHECK (state = ANY (ARRAY['waiting'::text, 'admitted'::text, 'denied'::text]));
