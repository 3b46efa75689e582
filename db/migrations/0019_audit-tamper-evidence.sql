-- Audit log tamper evidence (docs/decisions/1050, 1051): the database sets `created_at` itself,
-- never earlier than the previous entry's (a back-dated insert is impossible), pruning goes
-- through one function that removes only a prefix of an org's chain and records it IN the chain
-- as an `audit.pruned` entry carrying a seal (an HMAC with a key the database does not hold), and
-- the checkpoint row carries the same seal. Verification (lib/audit/verify-audit-chain.ts) rejects
-- an unsealed checkpoint or prune entry.
ALTER TABLE "audit_log_checkpoints" ADD COLUMN "seal" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  last_at timestamptz;
BEGIN
  -- One writer per org at a time, until its transaction ends: two concurrent entries cannot both
  -- read the same last entry (the unique (org_id, seq) index is the backstop).
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_log:' || NEW.org_id, 0));
  SELECT seq, hash, created_at INTO last_seq, last_hash, last_at FROM "audit_log"
    WHERE org_id = NEW.org_id ORDER BY seq DESC LIMIT 1;
  -- The clock is read after the lock, so entries are stamped in chain order; whatever the writer
  -- passed is ignored. Never earlier than the previous entry (a clock step back).
  NEW.created_at := greatest(date_trunc('milliseconds', clock_timestamp()), last_at);
  NEW.seq := coalesce(last_seq, 0) + 1;
  NEW.prev_hash := coalesce(last_hash, repeat('0', 64));
  NEW.hash := "audit_log_entry_hash"(NEW);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
-- Removes org `p_org`'s entries 1..p_through (what is left of them) when every one is older than
-- `p_horizon` (at least 30 days ago) and entry `p_through` still has hash `p_hash`; records the
-- checkpoint and appends the `audit.pruned` entry, both carrying `p_seal`, which the app computed
-- over (org, through, hash, horizon) with its audit key. SECURITY DEFINER: an app role that does
-- not own the audit tables (scripts/audit-app-role.sql) prunes through this function alone.
CREATE FUNCTION "audit_log_prune"(
  p_org text, p_through bigint, p_hash text, p_horizon timestamptz, p_seal text, p_entry_id text
) RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  gone integer;
  newer integer;
BEGIN
  IF p_horizon > now() - interval '30 days' THEN
    RAISE EXCEPTION 'audit_log_prune: the horizon must be at least 30 days ago';
  END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('audit_log:' || p_org, 0));
  IF NOT EXISTS (SELECT 1 FROM "audit_log" WHERE org_id = p_org AND seq = p_through AND hash = p_hash) THEN
    RAISE EXCEPTION 'audit_log_prune: entry % of % is not the one named', p_through, p_org;
  END IF;
  SELECT count(*) INTO newer FROM "audit_log"
    WHERE org_id = p_org AND seq <= p_through AND created_at >= p_horizon;
  IF newer > 0 THEN
    RAISE EXCEPTION 'audit_log_prune: entries up to % are not all older than the horizon', p_through;
  END IF;
  PERFORM set_config('svc.audit_prune_before', p_horizon::text, true);
  DELETE FROM "audit_log" WHERE org_id = p_org AND seq <= p_through;
  GET DIAGNOSTICS gone = ROW_COUNT;
  PERFORM set_config('svc.audit_prune_before', '', true);
  INSERT INTO "audit_log_checkpoints" (org_id, seq, hash, pruned_before, seal, updated_at)
    VALUES (p_org, p_through, p_hash, p_horizon, p_seal, now())
    ON CONFLICT (org_id) DO UPDATE SET seq = excluded.seq, hash = excluded.hash,
      pruned_before = excluded.pruned_before, seal = excluded.seal, updated_at = excluded.updated_at;
  INSERT INTO "audit_log" (id, org_id, actor_type, actor_id, actor_label, action, metadata)
    VALUES (p_entry_id, p_org, 'system', 'retention', null, 'audit.pruned', jsonb_build_object(
      'through_seq', p_through, 'through_hash', p_hash,
      'pruned_before', to_char(p_horizon AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'seal', p_seal));
  RETURN gone;
END;
$$;
--> statement-breakpoint
-- A used reset link or a password change ends the user's other reset links (docs/decisions/1054):
-- their unused links, by user.
CREATE INDEX "account_tokens_user_unused_idx" ON "account_tokens" USING btree ("user_id", "kind")
  WHERE "used_at" IS NULL;
