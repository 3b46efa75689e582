-- The audit log's hash chain (docs/decisions/0882): each org's entries are numbered 1, 2, 3… and
-- each carries sha256 of its own fields and the previous entry's hash. The database computes it,
-- so no writer (the app or anyone with SQL) can append an unchained entry. TRUNCATE is refused like
-- UPDATE and DELETE.
CREATE FUNCTION "audit_log_entry_hash"(e "audit_log") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(jsonb_build_array(
    e.prev_hash, e.seq, e.id, e.org_id, e.actor_type, e.actor_id, e.actor_label, e.action,
    e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.metadata,
    to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
  )::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
CREATE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
BEGIN
  -- One writer per org at a time, until its transaction ends: two concurrent entries cannot both
  -- read the same last entry (the unique (org_id, seq) index is the backstop).
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_log:' || NEW.org_id, 0));
  SELECT seq, hash INTO last_seq, last_hash FROM "audit_log"
    WHERE org_id = NEW.org_id ORDER BY seq DESC LIMIT 1;
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := "audit_log_entry_hash"(NEW);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Entries written before the chain existed are chained in their order, oldest first.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_or_delete";
--> statement-breakpoint
DO $$
DECLARE
  r "audit_log";
  cur_org text := NULL;
  n bigint := 0;
  prev text;
BEGIN
  FOR r IN SELECT * FROM "audit_log" ORDER BY org_id, created_at, id LOOP
    IF cur_org IS DISTINCT FROM r.org_id THEN
      cur_org := r.org_id;
      n := 0;
      prev := repeat('0', 64);
    END IF;
    n := n + 1;
    r.seq := n;
    r.prev_hash := prev;
    r.hash := "audit_log_entry_hash"(r);
    UPDATE "audit_log" SET seq = r.seq, prev_hash = r.prev_hash, hash = r.hash WHERE id = r.id;
    prev := r.hash;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_or_delete";
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "seq" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" SET NOT NULL;
--> statement-breakpoint
CREATE TRIGGER "audit_log_chain" BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_chain"();
--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
