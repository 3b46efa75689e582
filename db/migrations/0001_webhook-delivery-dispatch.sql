ALTER TABLE "deliveries" ADD COLUMN "schedule_base" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "dispatched_at" timestamp (3) with time zone;--> statement-breakpoint
CREATE INDEX "deliveries_undispatched_idx" ON "deliveries" USING btree ("created_at") WHERE status = 'pending' AND dispatched_at IS NULL;