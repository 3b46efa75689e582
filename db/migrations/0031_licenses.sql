-- Self-hosted licences (issue 48, docs/decisions/1275): licences issued in cloud mode, the keys
-- that sign them (embedded default), and a self-hosted install's licence state. The audit_log
-- action CHECK, generated from db/enum-columns.ts, gains license.issued and license.revoked.
CREATE TABLE "licenses" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"name" text NOT NULL,
	"kid" text NOT NULL,
	"seats" integer NOT NULL,
	"concurrent_participants" integer NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"created_by" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp (3) with time zone,
	"revoked_by" text
);
--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "licenses" ADD CONSTRAINT "licenses_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "licenses_org_idx" ON "licenses" USING btree ("org_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
CREATE INDEX "licenses_revoked_idx" ON "licenses" USING btree ("expires_at") WHERE revoked_at IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "license_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"alg" text NOT NULL,
	"private_jwk_ciphertext" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_signing_keys_alg_check" CHECK (alg = ANY (ARRAY['ES256'::text, 'EdDSA'::text]))
);
--> statement-breakpoint
CREATE TABLE "license_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"license_id" text,
	"status" text NOT NULL,
	"reason" text,
	"checked_at" timestamp (3) with time zone NOT NULL,
	"license_seen_at" timestamp (3) with time zone,
	"issuer_reached_at" timestamp (3) with time zone,
	"issuer_error" text,
	"revocations_issued_at" timestamp (3) with time zone,
	"revoked_license_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"invalid_since" timestamp (3) with time zone,
	"event_sent_for" text
);
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK (action = ANY (ARRAY['auth.signed_in'::text, 'api_key.created'::text, 'api_key.rotated'::text, 'api_key.revoked'::text, 'webhook.created'::text, 'webhook.updated'::text, 'webhook.deleted'::text, 'webhook.secret_rotated'::text, 'webhook.failing'::text, 'webhook.disabled'::text, 'webhook.recovered'::text, 'plan.selected'::text, 'auth.signed_out_everywhere'::text, 'auth.password_changed'::text, 'auth.password_reset'::text, 'auth.signed_up'::text, 'auth.org_switched'::text, 'member.role_changed'::text, 'member.removed'::text, 'member.joined'::text, 'member_invitation.created'::text, 'member_invitation.revoked'::text, 'member_invitation.resent'::text, 'project.created'::text, 'project.updated'::text, 'project.deleted'::text, 'room.updated'::text, 'room.ended'::text, 'room.participant_removed'::text, 'recording.deleted'::text, 'recording.start_requested'::text, 'recording.stop_requested'::text, 'webhook.listen_started'::text, 'webhook.listen_ended'::text, 'audit.pruned'::text, 'license.issued'::text, 'license.revoked'::text]));
