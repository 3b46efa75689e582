-- Room tokens read, with the key and room (lib/api-keys/authenticate.ts), whether the room has any
-- ban, and the principal cache keeps that read (docs/decisions/0966, 1322): a ban's insert, change
-- or removal notifies `r:<room>` like a change of the room itself, so the cached room is dropped.
CREATE OR REPLACE FUNCTION "svc_notify_room_ban"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  room text := CASE WHEN TG_OP = 'DELETE' THEN OLD.room_id ELSE NEW.room_id END;
BEGIN
  PERFORM pg_notify('svc_principals', 'r:' || room);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "room_bans_notify_room" AFTER INSERT OR UPDATE OR DELETE ON "room_bans"
  FOR EACH ROW EXECUTE FUNCTION svc_notify_room_ban();
