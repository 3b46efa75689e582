-- Keeps org_counters (db/schema.ts, docs/decisions/0844) in step with rooms: one aggregated upsert
-- per statement (transition tables), so a bulk insert of a million rooms costs one pass, and the
-- overview never counts rooms. Keys are upserted in (org_id, key) order so concurrent statements
-- lock counter rows in the same order.
CREATE FUNCTION "org_counters_rooms_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_counters AS c (org_id, key, n)
  SELECT org_id, key, count(*) FROM (
    SELECT org_id, 'rooms:' || state AS key FROM new_rows
    UNION ALL
    SELECT org_id, 'rooms_created:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM new_rows
  ) r
  GROUP BY org_id, key
  ORDER BY org_id, key
  ON CONFLICT (org_id, key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rooms_count_inserted" AFTER INSERT ON "rooms"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "org_counters_rooms_inserted"();
--> statement-breakpoint
-- Transition tables cannot be combined with a column list (UPDATE OF state), so every UPDATE fires
-- this; only rows whose state changed move a count.
CREATE FUNCTION "org_counters_rooms_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO org_counters AS c (org_id, key, n)
  SELECT org_id, key, sum(d) FROM (
    SELECT o.org_id, 'rooms:' || o.state AS key, -1 AS d
      FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.state IS DISTINCT FROM o.state
    UNION ALL
    SELECT n.org_id, 'rooms:' || n.state, 1
      FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.state IS DISTINCT FROM o.state
  ) r
  GROUP BY org_id, key
  HAVING sum(d) <> 0
  ORDER BY org_id, key
  ON CONFLICT (org_id, key) DO UPDATE SET n = c.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rooms_count_updated" AFTER UPDATE ON "rooms"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "org_counters_rooms_updated"();
--> statement-breakpoint
-- Deleting an org cascades to its counters before its rooms: update only rows that still exist,
-- never insert (the org may be gone). Daily creation counts are history and stay.
CREATE FUNCTION "org_counters_rooms_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE org_counters AS c SET n = c.n - d.cnt
  FROM (SELECT org_id, 'rooms:' || state AS key, count(*) AS cnt FROM old_rows GROUP BY 1, 2) d
  WHERE c.org_id = d.org_id AND c.key = d.key;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "rooms_count_deleted" AFTER DELETE ON "rooms"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "org_counters_rooms_deleted"();
--> statement-breakpoint
-- Rooms that existed before this migration.
INSERT INTO org_counters (org_id, key, n)
SELECT org_id, key, count(*) FROM (
  SELECT org_id, 'rooms:' || state AS key FROM rooms
  UNION ALL
  SELECT org_id, 'rooms_created:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') FROM rooms
) r
GROUP BY org_id, key
ON CONFLICT (org_id, key) DO UPDATE SET n = excluded.n;
