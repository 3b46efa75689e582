-- svc listen (docs/decisions/1062): a listen session reads its org's new outbox rows in order,
-- WHERE org_id = $1 AND created_at > $2 ORDER BY created_at, id.
CREATE INDEX IF NOT EXISTS "events_org_created_id_idx" ON "events" USING btree ("org_id","created_at","id");
--> statement-breakpoint
-- Each outbox row wakes the org's listen sessions on whichever instance holds them (LISTEN
-- svc_events, lib/webhooks/listen/event-wakeups.ts). The payload is the org id only; notifications
-- are delivered at commit, and identical ones in one transaction are folded into one.
CREATE OR REPLACE FUNCTION svc_events_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('svc_events', NEW.org_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS events_notify ON "events";
--> statement-breakpoint
CREATE TRIGGER events_notify AFTER INSERT ON "events" FOR EACH ROW EXECUTE FUNCTION svc_events_notify();
