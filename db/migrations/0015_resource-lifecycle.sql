CREATE TABLE "object_deletions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"object_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"next_attempt_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE INDEX "object_deletions_due_idx" ON "object_deletions" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE INDEX "recordings_project_state_started_idx" ON "recordings" USING btree ("project_id","state","started_at" DESC NULLS LAST,"id" DESC NULLS LAST);