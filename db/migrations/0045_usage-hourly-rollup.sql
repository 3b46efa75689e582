-- The participant-minutes roll-up by UTC hour (docs/decisions/1410, docs/usage.md). A closed span
-- now marks its (org, UTC hour), not its day; the roll-up recomputes each marked hour from that
-- hour's spans into usage_hourly, then the hour's day in usage_daily from the day's hour rows, so a
-- statement's work no longer grows with a whole day of one org.
CREATE TABLE IF NOT EXISTS "usage_dirty_hours" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The roll-up deletes every mark of an (org, hour) it recomputed.
CREATE INDEX IF NOT EXISTS "usage_dirty_hours_org_hour_idx" ON "usage_dirty_hours" ("org_id", "hour");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "usage_hourly" (
	"org_id" text NOT NULL REFERENCES "orgs"("id") ON DELETE cascade,
	"project_id" text NOT NULL,
	"hour" timestamp (3) with time zone NOT NULL,
	"metric" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "usage_hourly_org_id_hour_project_id_metric_pk" PRIMARY KEY ("org_id", "hour", "project_id", "metric"),
	CONSTRAINT "usage_hourly_metric_check" CHECK (metric = ANY (ARRAY['publisher_minutes'::text, 'viewer_minutes'::text]))
);
--> statement-breakpoint
-- The (org, UTC day)s whose 24 hours all have been recomputed into usage_hourly (or are marked to
-- be): only such a day may be summed from its hour rows. A day rolled up before 0045 has none; its
-- first hour mark marks its other 23 hours too (lib/usage/roll-up-span-hours.ts).
CREATE TABLE IF NOT EXISTS "usage_hourly_days" (
	"org_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "usage_hourly_days_org_id_day_pk" PRIMARY KEY ("org_id", "day")
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "usage_track_participant"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	v_span participant_spans%ROWTYPE;
	v_session room_sessions%ROWTYPE;
	v_org text;
	v_project text;
	v_role text;
	v_viewer boolean;
	v_token_at timestamptz;
	v_open integer;
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.joined_at IS NOT DISTINCT FROM OLD.joined_at
		AND NEW.left_at IS NOT DISTINCT FROM OLD.left_at THEN
		RETURN NULL;
	END IF;
	SELECT * INTO v_span FROM participant_spans
		WHERE room_id = NEW.room_id AND identity = NEW.identity AND joined_at = NEW.joined_at;
	IF FOUND THEN
		IF v_span.left_at IS NULL AND NEW.left_at IS NOT NULL THEN
			UPDATE participant_spans SET left_at = NEW.left_at WHERE id = v_span.id;
			INSERT INTO usage_dirty_hours (org_id, hour) VALUES (v_span.org_id, date_trunc('hour', NEW.left_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC');
			UPDATE room_sessions SET
				present = greatest(present - 1, 0),
				last_left_at = greatest(last_left_at, NEW.left_at),
				ended_at = CASE WHEN present <= 1 THEN greatest(last_left_at, NEW.left_at) ELSE NULL END
			WHERE id = v_span.session_id;
		END IF;
		RETURN NULL;
	END IF;
	SELECT org_id, project_id INTO v_org, v_project FROM rooms WHERE id = NEW.room_id;
	IF v_org IS NULL THEN
		RETURN NULL;
	END IF;
	-- What the participant could do: its media connection's credential, else its room token's.
	SELECT role INTO v_role FROM media_connections
		WHERE room_id = NEW.room_id AND identity = NEW.identity ORDER BY created_at DESC LIMIT 1;
	SELECT minted_at, viewer INTO v_token_at, v_viewer FROM room_token_mints
		WHERE room_id = NEW.room_id AND identity = NEW.identity AND minted_at <= NEW.joined_at
		ORDER BY minted_at DESC LIMIT 1;
	IF v_role IS NOT NULL THEN
		v_viewer := v_role = 'viewer';
	END IF;
	v_open := CASE WHEN NEW.left_at IS NULL THEN 1 ELSE 0 END;
	SELECT * INTO v_session FROM room_sessions WHERE room_id = NEW.room_id
		ORDER BY started_at DESC, id DESC LIMIT 1;
	IF NOT FOUND OR (v_session.ended_at IS NOT NULL AND v_session.ended_at < NEW.joined_at) THEN
		INSERT INTO room_sessions (id, org_id, project_id, room_id, started_at, ended_at, last_left_at, present, peak)
		VALUES ('rses_' || replace(gen_random_uuid()::text, '-', ''), v_org, v_project, NEW.room_id,
			NEW.joined_at, NEW.left_at, NEW.left_at, v_open, 1)
		RETURNING * INTO v_session;
	ELSE
		UPDATE room_sessions SET
			started_at = least(started_at, NEW.joined_at),
			present = present + v_open,
			peak = greatest(peak, present + 1),
			last_left_at = greatest(last_left_at, NEW.left_at),
			ended_at = CASE
				WHEN v_open = 1 OR ended_at IS NULL THEN NULL
				ELSE greatest(ended_at, NEW.left_at) END
		WHERE id = v_session.id;
	END IF;
	INSERT INTO participant_spans (session_id, org_id, project_id, room_id, identity, viewer, joined_at, left_at, token_at)
	VALUES (v_session.id, v_org, v_project, NEW.room_id, NEW.identity, v_viewer, NEW.joined_at, NEW.left_at, v_token_at);
	IF NEW.left_at IS NOT NULL THEN
		INSERT INTO usage_dirty_hours (org_id, hour) VALUES (v_org, date_trunc('hour', NEW.left_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC');
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The day marks not rolled up yet become the marks of their 24 hours, in this transaction: no mark
-- is lost. A day mark committed by a transaction still running the old function is expanded the
-- same way by the roll-up (expandDayMarks), so there is no gap either way.
INSERT INTO "usage_dirty_hours" ("org_id", "hour")
SELECT DISTINCT d.org_id, (d.day::timestamp AT TIME ZONE 'UTC') + h * interval '1 hour'
FROM "usage_dirty_days" d CROSS JOIN generate_series(0, 23) AS h;
--> statement-breakpoint
INSERT INTO "usage_hourly_days" ("org_id", "day") SELECT DISTINCT org_id, day FROM "usage_dirty_days"
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "usage_dirty_days";
