-- Identity, second part (issue 46; docs/security.md, docs/decisions/1340-1345): passkeys (WebAuthn
-- credentials and their single-use challenges) and single sign-on per org over OpenID Connect (the
-- provider, its domains, and sign-ins under way). The audit actions' CHECK is regenerated from
-- db/enum-columns.ts with the new actions, as migration 0034 did.
CREATE TABLE "passkeys" (
  "id" text PRIMARY KEY NOT NULL,
  "user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "credential_id" text NOT NULL,
  "public_key" text NOT NULL,
  "counter" bigint DEFAULT 0 NOT NULL,
  "transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "name" text NOT NULL,
  "backed_up" boolean DEFAULT false NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "last_used_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "passkeys_credential_key" ON "passkeys" USING btree ("credential_id");
--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
  "challenge" text PRIMARY KEY NOT NULL,
  "purpose" text NOT NULL,
  "user_id" text REFERENCES "users"("id") ON DELETE CASCADE,
  "expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" USING btree ("expires_at");
--> statement-breakpoint
CREATE TABLE "org_sso" (
  "org_id" text PRIMARY KEY NOT NULL REFERENCES "orgs"("id") ON DELETE CASCADE,
  "issuer" text NOT NULL,
  "client_id" text NOT NULL,
  "client_secret" text NOT NULL,
  "default_role" text NOT NULL,
  "require_sso" boolean DEFAULT false NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_domains" (
  "domain" text PRIMARY KEY NOT NULL,
  "org_id" text NOT NULL REFERENCES "orgs"("id") ON DELETE CASCADE
);
--> statement-breakpoint
CREATE INDEX "sso_domains_org_idx" ON "sso_domains" USING btree ("org_id");
--> statement-breakpoint
CREATE TABLE "sso_states" (
  "state_hash" text PRIMARY KEY NOT NULL,
  "org_id" text NOT NULL REFERENCES "orgs"("id") ON DELETE CASCADE,
  "nonce" text NOT NULL,
  "code_verifier" text NOT NULL,
  "expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_states_expires_idx" ON "sso_states" USING btree ("expires_at");
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK (action = ANY (ARRAY['auth.signed_in'::text, 'api_key.created'::text, 'api_key.rotated'::text, 'api_key.revoked'::text, 'webhook.created'::text, 'webhook.updated'::text, 'webhook.deleted'::text, 'webhook.secret_rotated'::text, 'webhook.failing'::text, 'webhook.disabled'::text, 'webhook.recovered'::text, 'plan.selected'::text, 'auth.signed_out_everywhere'::text, 'auth.password_changed'::text, 'auth.password_reset'::text, 'auth.signed_up'::text, 'auth.org_switched'::text, 'member.role_changed'::text, 'member.removed'::text, 'member.joined'::text, 'member_invitation.created'::text, 'member_invitation.revoked'::text, 'member_invitation.resent'::text, 'project.created'::text, 'project.updated'::text, 'project.deleted'::text, 'room.updated'::text, 'room.ended'::text, 'room.participant_removed'::text, 'recording.deleted'::text, 'recording.start_requested'::text, 'recording.stop_requested'::text, 'webhook.listen_started'::text, 'webhook.listen_ended'::text, 'audit.pruned'::text, 'license.issued'::text, 'license.revoked'::text, 'auth.two_factor_enabled'::text, 'auth.two_factor_disabled'::text, 'auth.recovery_code_used'::text, 'auth.session_ended'::text, 'member.sessions_ended'::text, 'org.two_factor_policy_changed'::text, 'workspace_key.created'::text, 'workspace_key.rotated'::text, 'workspace_key.revoked'::text, 'auth.passkey_added'::text, 'auth.passkey_renamed'::text, 'auth.passkey_removed'::text, 'org.sso_configured'::text, 'org.sso_removed'::text]));
--> statement-breakpoint
ALTER TABLE "webauthn_challenges" DROP CONSTRAINT IF EXISTS "webauthn_challenges_purpose_check";
--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_purpose_check" CHECK (purpose = ANY (ARRAY['registration'::text, 'authentication'::text]));
--> statement-breakpoint
ALTER TABLE "org_sso" DROP CONSTRAINT IF EXISTS "org_sso_default_role_check";
--> statement-breakpoint
ALTER TABLE "org_sso" ADD CONSTRAINT "org_sso_default_role_check" CHECK (default_role = ANY (ARRAY['Owner'::text, 'Admin'::text, 'Developer'::text, 'Member'::text, 'Billing'::text, 'Viewer'::text]));
