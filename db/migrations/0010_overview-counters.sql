CREATE TABLE "org_counters" (
	"org_id" text NOT NULL,
	"key" text NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "org_counters_org_id_key_pk" PRIMARY KEY("org_id","key")
);
--> statement-breakpoint
ALTER TABLE "org_counters" ADD CONSTRAINT "org_counters_org_id_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."orgs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_org_used_idx" ON "api_keys" USING btree ("org_id","last_used_at");--> statement-breakpoint
CREATE INDEX "deliveries_org_created_idx" ON "deliveries" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "emails_org_queued_idx" ON "emails" USING btree ("org_id") WHERE state = 'queued';