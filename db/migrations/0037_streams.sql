-- Live streams of rooms (issue 45, docs/streaming.md): one row per stream, its outputs (HLS in the
-- service's storage, RTMP to a customer's destination whose stream key is sealed at rest) in a jsonb
-- column. The event and audit vocabularies gain stream.* (db/enums.ts), so their CHECKs are redefined
-- from db/enum-columns.ts as migration 0034 did.
CREATE TABLE "streams" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"project_id" text NOT NULL,
	"room_id" text NOT NULL,
	"state" text NOT NULL,
	"outputs" jsonb NOT NULL,
	"media_node" text,
	"media_ref" text,
	"started_at" timestamp (3) with time zone,
	"stopped_at" timestamp (3) with time zone,
	"ended_at" timestamp (3) with time zone,
	"failure_reason" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "streams_state_check" CHECK (state = ANY (ARRAY['starting'::text, 'live'::text, 'ended'::text, 'failed'::text])
)
);
--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "streams" ADD CONSTRAINT "streams_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "streams_room_created_idx" ON "streams" USING btree ("room_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT IF EXISTS "webhook_endpoints_events_check";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_check" CHECK (events <@ ARRAY['room.created'::text, 'room.ended'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'participant.left'::text, 'qos.alert'::text, 'license.revoked'::text, 'stream.started'::text, 'stream.ended'::text, 'stream.failed'::text]);
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT IF EXISTS "events_type_check";
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK (type = ANY (ARRAY['room.created'::text, 'room.ended'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'participant.left'::text, 'qos.alert'::text, 'license.revoked'::text, 'stream.started'::text, 'stream.ended'::text, 'stream.failed'::text, 'webhook.test'::text]));
--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT IF EXISTS "audit_log_action_check";
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_action_check" CHECK (action = ANY (ARRAY['auth.signed_in'::text, 'api_key.created'::text, 'api_key.rotated'::text, 'api_key.revoked'::text, 'webhook.created'::text, 'webhook.updated'::text, 'webhook.deleted'::text, 'webhook.secret_rotated'::text, 'webhook.failing'::text, 'webhook.disabled'::text, 'webhook.recovered'::text, 'plan.selected'::text, 'auth.signed_out_everywhere'::text, 'auth.password_changed'::text, 'auth.password_reset'::text, 'auth.signed_up'::text, 'auth.org_switched'::text, 'member.role_changed'::text, 'member.removed'::text, 'member.joined'::text, 'member_invitation.created'::text, 'member_invitation.revoked'::text, 'member_invitation.resent'::text, 'project.created'::text, 'project.updated'::text, 'project.deleted'::text, 'room.updated'::text, 'room.ended'::text, 'room.participant_removed'::text, 'recording.deleted'::text, 'recording.start_requested'::text, 'recording.stop_requested'::text, 'webhook.listen_started'::text, 'webhook.listen_ended'::text, 'audit.pruned'::text, 'license.issued'::text, 'license.revoked'::text, 'auth.two_factor_enabled'::text, 'auth.two_factor_disabled'::text, 'auth.recovery_code_used'::text, 'auth.session_ended'::text, 'member.sessions_ended'::text, 'org.two_factor_policy_changed'::text, 'workspace_key.created'::text, 'workspace_key.rotated'::text, 'workspace_key.revoked'::text, 'stream.start_requested'::text, 'stream.stop_requested'::text]));
