-- Issue 38 (docs/console.md). Live rooms: a room's timeline, written by the media reports
-- (lib/media/ingest-media-report.ts) and by ending a room (lib/rooms/mark-room-ended.ts) in the
-- transaction of the change; "created" is the room row itself. Newest first within one room.
CREATE TABLE "room_activity" (
  "id" text PRIMARY KEY,
  "room_id" text NOT NULL REFERENCES "rooms"("id") ON DELETE CASCADE,
  "type" text NOT NULL,
  "identity" text,
  "detail" jsonb,
  "occurred_at" timestamp(3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "room_activity_room_idx" ON "room_activity" ("room_id", "occurred_at" DESC, "id" DESC);
--> statement-breakpoint
-- Rooms already ended before this migration keep their end on the timeline.
INSERT INTO "room_activity" ("id", "room_id", "type", "occurred_at")
  SELECT 'ract_' || "id", "id", 'room.ended', "ended_at" FROM "rooms" WHERE "ended_at" IS NOT NULL;
--> statement-breakpoint
-- GET rooms/:id/participants: who is in the room now, newest arrival first.
CREATE INDEX "room_participants_present_idx" ON "room_participants" ("room_id", "joined_at" DESC, "identity" DESC)
  WHERE "left_at" IS NULL;
--> statement-breakpoint
-- GET rooms?q=: a name prefix, case-insensitive, within one org (docs/decisions/1072).
CREATE INDEX "rooms_org_name_idx" ON "rooms" ("org_id", lower("name") text_pattern_ops);
--> statement-breakpoint
-- The getting-started checklist can be dismissed per member (app/(console)/_overview/checklist.tsx).
ALTER TABLE "memberships" ADD COLUMN "checklist_dismissed_at" timestamp(3) with time zone;
--> statement-breakpoint
-- The built-in test inbox (docs/decisions/1073): an endpoint of kind 'inbox' is delivered to the
-- service itself and expires; its received requests are kept for the console to show.
ALTER TABLE "webhook_endpoints" ADD COLUMN "kind" text NOT NULL DEFAULT 'https';
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "expires_at" timestamp(3) with time zone;
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_kind_check" CHECK ("kind" IN ('https', 'inbox'));
--> statement-breakpoint
-- Retention: expired inboxes, oldest first.
CREATE INDEX "webhook_endpoints_expires_idx" ON "webhook_endpoints" ("expires_at") WHERE "expires_at" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "webhook_inbox_messages" (
  "id" text PRIMARY KEY,
  "endpoint_id" text NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "headers" jsonb NOT NULL,
  "body" text NOT NULL,
  "signature_valid" boolean NOT NULL,
  "verify_failure" text,
  "received_at" timestamp(3) with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "webhook_inbox_messages_endpoint_idx" ON "webhook_inbox_messages" ("endpoint_id", "received_at" DESC, "id" DESC);
--> statement-breakpoint
-- The audit log's filtered views (GET /v1/workspace/audit-log?action=|actor_id=, and its CSV export).
CREATE INDEX "audit_log_org_action_created_idx" ON "audit_log" ("org_id", "action", "created_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE INDEX "audit_log_org_actor_created_idx" ON "audit_log" ("org_id", "actor_id", "created_at" DESC, "id" DESC);
