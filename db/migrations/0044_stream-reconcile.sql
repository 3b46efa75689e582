-- A stream whose media plane stopped running it (its streamer agent killed or restarted, its
-- egress gone) fails after two reconcile passes in a row that do not find it (docs/decisions/1400):
-- the count of passes in a row, on the row so any instance's pass counts, and the running streams
-- of a node, which each pass reads.
ALTER TABLE "streams" ADD COLUMN IF NOT EXISTS "reconcile_misses" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "streams_running_node_idx" ON "streams" ("media_node")
  WHERE "state" IN ('starting', 'live');
