-- Audit-log retention (docs/decisions/0965). The log stays append-only for everyone, with one
-- exception: a transaction that sets `svc.audit_prune_before` (SET LOCAL, done by the retention
-- job) may DELETE entries created before that horizon, and only when the horizon is at least
-- 30 days in the past, so the setting can never be used to erase recent history. UPDATE and
-- TRUNCATE stay refused. The job removes each org's oldest entries (a prefix of its chain) and
-- records the last removed entry in audit_log_checkpoints, where verification starts.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  horizon timestamptz;
BEGIN
  IF TG_OP = 'DELETE' THEN
    horizon := nullif(current_setting('svc.audit_prune_before', true), '')::timestamptz;
    IF horizon IS NOT NULL AND horizon <= now() - interval '30 days' AND OLD.created_at < horizon THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP;
END;
$$;
