-- Retention of quality samples and room-token mints (docs/decisions/1370): a session's quality
-- summary is kept on its row before its samples may go, and the retention pass finds its oldest
-- rows by age alone (room_token_mints_minted_idx exists since 0035).
ALTER TABLE "room_sessions" ADD COLUMN IF NOT EXISTS "quality" jsonb;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quality_samples_at_idx" ON "quality_samples" ("at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "room_sessions_quality_due_idx" ON "room_sessions" ("started_at")
  WHERE "ended_at" IS NOT NULL AND "quality" IS NULL;
