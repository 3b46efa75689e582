ALTER TABLE "delivery_attempts" ADD COLUMN "request_headers" jsonb;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD COLUMN "response_headers" jsonb;--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD COLUMN "error_class" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "rate_limit" double precision;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "rate_next_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "failing_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "last_success_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "last_failure_error" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "failing_notified_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_failing_idx" ON "webhook_endpoints" USING btree ("failing_since") WHERE failing_since IS NOT NULL AND active;