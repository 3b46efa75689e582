CREATE TABLE "audit_log_checkpoints" (
	"org_id" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"pruned_before" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "locked_by" text;--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "locked_by" text;--> statement-breakpoint
CREATE INDEX "instances_heartbeat_idx" ON "instances" USING btree ("heartbeat_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "deliveries_completed_idx" ON "deliveries" USING btree ("completed_at") WHERE status <> 'pending';--> statement-breakpoint
CREATE INDEX "deliveries_locked_by_idx" ON "deliveries" USING btree ("locked_by") WHERE locked_until IS NOT NULL;--> statement-breakpoint
CREATE INDEX "emails_ended_created_idx" ON "emails" USING btree ("created_at") WHERE state <> 'queued';--> statement-breakpoint
CREATE INDEX "emails_locked_by_idx" ON "emails" USING btree ("locked_by") WHERE locked_until IS NOT NULL;--> statement-breakpoint
CREATE INDEX "events_created_idx" ON "events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "media_reports_received_idx" ON "media_reports" USING btree ("created_at");