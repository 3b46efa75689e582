-- Issue 42, the media pipeline (docs/decisions/1200–1203).
-- 1. The media intake: each accepted media-plane request, stored in one insert before its 202 and
--    applied by the apply-media-intake job, one request at a time per stream (a node), in `seq` order.
CREATE TABLE "media_intake" (
  "id" text PRIMARY KEY NOT NULL,
  "seq" bigserial NOT NULL,
  "driver" text NOT NULL,
  "node" text NOT NULL,
  "stream" text NOT NULL,
  "body" jsonb NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  "lease_until" timestamp (3) with time zone,
  "last_error" text,
  "received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The head of each stream (the oldest request not applied yet).
CREATE INDEX "media_intake_stream_seq_idx" ON "media_intake" USING btree ("stream", "seq");
--> statement-breakpoint
-- 2. What could not be applied after its retries: kept for operators (docs/runbook.md).
CREATE TABLE "media_dead_letters" (
  "id" text PRIMARY KEY NOT NULL,
  "intake_id" text NOT NULL,
  "driver" text NOT NULL,
  "node" text NOT NULL,
  "position" integer NOT NULL,
  "item" jsonb NOT NULL,
  "error" text NOT NULL,
  "attempts" integer NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_dead_letters_created_idx" ON "media_dead_letters" USING btree ("created_at");
--> statement-breakpoint
-- 3. A leave that arrived before its join (another request, applied first): the join, when it
--    comes, closes at once (docs/decisions/1201).
CREATE TABLE "media_early_leaves" (
  "room_id" text NOT NULL REFERENCES "rooms"("id") ON DELETE CASCADE,
  "participant_ref" text NOT NULL,
  "ref" text NOT NULL,
  "at" timestamp (3) with time zone NOT NULL,
  "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "media_early_leaves_pk" PRIMARY KEY ("room_id", "participant_ref")
);
--> statement-breakpoint
CREATE INDEX "media_early_leaves_created_idx" ON "media_early_leaves" USING btree ("created_at");
--> statement-breakpoint
-- 4. Failover (docs/decisions/1202): when the room's node was lost with the room active. The room
--    stays joinable for SVC_MEDIA_FAILOVER_GRACE_SEC from then, and ends if nobody is back.
ALTER TABLE "rooms" ADD COLUMN "media_lost_at" timestamp (3) with time zone;
--> statement-breakpoint
CREATE INDEX "rooms_media_lost_idx" ON "rooms" USING btree ("media_lost_at") WHERE media_lost_at IS NOT NULL AND state <> 'ended';
--> statement-breakpoint
-- 5. Counters off the hot path (docs/decisions/1203): the rooms triggers insert deltas (insert-only,
--    no row shared by an org's writers) and the fold-org-counters job folds them into org_counters.
--    Readers add the deltas not folded yet (lib/insights/load-room-figures.ts).
CREATE TABLE "org_counter_deltas" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "org_id" text NOT NULL,
  "key" text NOT NULL,
  "d" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "org_counter_deltas_org_idx" ON "org_counter_deltas" USING btree ("org_id", "key");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "org_counters_rooms_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_counter_deltas (org_id, key, d)
  SELECT org_id, key, sum(d) FROM (
    SELECT org_id, 'rooms:' || state AS key, 1 AS d FROM new_rows
    UNION ALL
    SELECT org_id, 'rooms_created:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), 1 FROM new_rows
    UNION ALL
    SELECT org_id, 'participants:active', active_participants FROM new_rows
      WHERE state = 'active' AND active_participants <> 0
  ) r
  GROUP BY org_id, key;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "org_counters_rooms_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_counter_deltas (org_id, key, d)
  SELECT org_id, key, sum(d) FROM (
    SELECT o.org_id, 'rooms:' || o.state AS key, -1 AS d
      FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.state IS DISTINCT FROM o.state
    UNION ALL
    SELECT n.org_id, 'rooms:' || n.state, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.state IS DISTINCT FROM o.state
    UNION ALL
    SELECT n.org_id, 'participants:active',
        (CASE WHEN n.state = 'active' THEN n.active_participants ELSE 0 END)
      - (CASE WHEN o.state = 'active' THEN o.active_participants ELSE 0 END)
      FROM old_rows o JOIN new_rows n ON n.id = o.id
  ) r
  GROUP BY org_id, key
  HAVING sum(d) <> 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Deleting an org cascades to its counters before its rooms: its deltas are dropped with it
-- (fold-org-counters drops deltas of orgs that no longer exist).
CREATE OR REPLACE FUNCTION "org_counters_rooms_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_counter_deltas (org_id, key, d)
  SELECT org_id, key, -sum(x) FROM (
    SELECT org_id, 'rooms:' || state AS key, 1 AS x FROM old_rows
    UNION ALL
    SELECT org_id, 'participants:active', active_participants FROM old_rows WHERE state = 'active'
  ) o
  WHERE EXISTS (SELECT 1 FROM orgs WHERE orgs.id = o.org_id)
  GROUP BY org_id, key
  HAVING sum(x) <> 0;
  RETURN NULL;
END $$;
