-- The embedded worker's claim (docs/decisions/1230): which of the deliveries a scheduler chose
-- may be claimed, under the in-flight caps counted across every instance. One claim at a time per
-- org: the function takes each chosen org's transaction-scoped advisory lock (in order, so two
-- claimers never wait on each other crosswise), then counts what is in flight. VOLATILE and
-- PL/pgSQL, so under READ COMMITTED its counting query takes its snapshot after the locks are held
-- and sees the places the previous holder claimed (a claim statement alone counts in the snapshot
-- it started with, and two side by side each saw the other's places free).
CREATE OR REPLACE FUNCTION svc_claim_allowed(chosen json, at timestamptz, endpoint_cap int, org_cap int)
RETURNS TABLE (allowed_id text, allowed_pos int)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  org text;
BEGIN
  FOR org IN SELECT DISTINCT c.org_id FROM json_to_recordset(chosen) AS c(org_id text) ORDER BY 1 LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended('svc-claim:' || org, 0));
  END LOOP;
  RETURN QUERY
  WITH c AS MATERIALIZED (
    SELECT * FROM json_to_recordset(chosen) AS x(id text, org_id text, endpoint_id text, pos int)
  ), org_free AS MATERIALIZED (
    SELECT o.org_id, org_cap - (SELECT count(*) FROM deliveries l
        WHERE l.org_id = o.org_id AND l.status = 'pending'
          AND l.locked_until IS NOT NULL AND l.locked_until > at) AS free
    FROM (SELECT DISTINCT c.org_id FROM c) o
  ), endpoint_free AS MATERIALIZED (
    SELECT p.endpoint_id, endpoint_cap - (SELECT count(*) FROM deliveries l
        WHERE l.endpoint_id = p.endpoint_id AND l.status = 'pending'
          AND l.locked_until IS NOT NULL AND l.locked_until > at) AS free
    FROM (SELECT DISTINCT c.endpoint_id FROM c) p
  ), ranked AS MATERIALIZED (
    SELECT c.id, c.org_id, c.endpoint_id, c.pos,
      row_number() OVER (PARTITION BY c.org_id ORDER BY c.pos) AS org_turn,
      row_number() OVER (PARTITION BY c.endpoint_id ORDER BY c.pos) AS endpoint_turn
    FROM c
  )
  SELECT r.id, r.pos FROM ranked r
  JOIN org_free o ON o.org_id = r.org_id
  JOIN endpoint_free e ON e.endpoint_id = r.endpoint_id
  WHERE r.org_turn <= o.free AND r.endpoint_turn <= e.free
  ORDER BY r.pos;
END
$$;
