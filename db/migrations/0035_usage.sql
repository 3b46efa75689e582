-- Usage, sessions and quality (issue 44; docs/usage.md, docs/decisions/1310–1313). Spans and
-- sessions are derived from the presence rows in the transaction that changes them (a trigger on
-- room_participants): a repeated or re-applied media event, which changes no presence, adds nothing.
CREATE TABLE IF NOT EXISTS "room_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL REFERENCES "orgs"("id") ON DELETE cascade,
	"project_id" text NOT NULL,
	"room_id" text NOT NULL REFERENCES "rooms"("id") ON DELETE cascade,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone,
	"last_left_at" timestamp (3) with time zone,
	"present" integer DEFAULT 0 NOT NULL,
	"peak" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "room_sessions_room_started_idx" ON "room_sessions" ("room_id", "started_at" DESC, "id" DESC);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "participant_spans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"session_id" text NOT NULL REFERENCES "room_sessions"("id") ON DELETE cascade,
	"org_id" text NOT NULL,
	"project_id" text NOT NULL,
	"room_id" text NOT NULL REFERENCES "rooms"("id") ON DELETE cascade,
	"identity" text NOT NULL,
	"viewer" boolean,
	"joined_at" timestamp (3) with time zone NOT NULL,
	"left_at" timestamp (3) with time zone,
	"token_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "participant_spans_room_identity_joined_key" ON "participant_spans" ("room_id", "identity", "joined_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "participant_spans_session_idx" ON "participant_spans" ("session_id", "joined_at", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "participant_spans_org_left_idx" ON "participant_spans" ("org_id", "left_at") WHERE left_at IS NOT NULL;
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "usage_dirty_days" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"day" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "room_token_mints" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"org_id" text NOT NULL,
	"project_id" text NOT NULL,
	"room_id" text NOT NULL REFERENCES "rooms"("id") ON DELETE cascade,
	"identity" text NOT NULL,
	"viewer" boolean NOT NULL,
	"minted_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "room_token_mints_room_identity_idx" ON "room_token_mints" ("room_id", "identity", "minted_at" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "room_token_mints_minted_idx" ON "room_token_mints" ("minted_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "usage_daily" (
	"org_id" text NOT NULL REFERENCES "orgs"("id") ON DELETE cascade,
	"project_id" text NOT NULL,
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"value" bigint NOT NULL,
	CONSTRAINT "usage_daily_org_id_day_project_id_metric_pk" PRIMARY KEY ("org_id", "day", "project_id", "metric")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "usage_daily_day_idx" ON "usage_daily" ("day");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "usage_rollup_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"through" date NOT NULL
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "quality_samples" (
	"ref" text PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL REFERENCES "rooms"("id") ON DELETE cascade,
	"identity" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"inbound" boolean NOT NULL,
	"video" boolean NOT NULL,
	"rtt_ms" real,
	"loss_percent" real,
	"kbps" real
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "quality_samples_room_at_idx" ON "quality_samples" ("room_id", "at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "usage_threshold_notices" (
	"org_id" text NOT NULL REFERENCES "orgs"("id") ON DELETE cascade,
	"month" text NOT NULL,
	"metric" text NOT NULL,
	"threshold" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usage_threshold_notices_org_id_month_metric_threshold_pk" PRIMARY KEY ("org_id", "month", "metric", "threshold")
);
--> statement-breakpoint
-- The rollup's reads of the other sources by time, across orgs (lib/usage/roll-up-usage.ts).
CREATE INDEX IF NOT EXISTS "delivery_attempts_started_idx" ON "delivery_attempts" ("started_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "emails_sent_idx" ON "emails" ("sent_at") WHERE state = 'sent';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rooms_created_idx" ON "rooms" ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "recordings_completed_started_idx" ON "recordings" ("started_at") WHERE state = 'completed';
--> statement-breakpoint
-- docs/decisions/1310: a presence row's join opens a span (and the room's session, or joins the
-- open one); its leave closes them. Keyed by (room, identity, joined_at): re-applying what is
-- already there changes nothing. The room is locked by the transaction writing presence (the
-- intake locks rooms first, 1200), so one room's sessions are never raced.
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
			INSERT INTO usage_dirty_days (org_id, day) VALUES (v_span.org_id, (NEW.left_at AT TIME ZONE 'UTC')::date);
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
		INSERT INTO usage_dirty_days (org_id, day) VALUES (v_org, (NEW.left_at AT TIME ZONE 'UTC')::date);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "room_participants_usage" ON "room_participants";
--> statement-breakpoint
CREATE TRIGGER "room_participants_usage" AFTER INSERT OR UPDATE OF "joined_at", "left_at" ON "room_participants"
	FOR EACH ROW EXECUTE FUNCTION "usage_track_participant"();
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT IF EXISTS "webhook_endpoints_events_check";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_events_check" CHECK (events <@ ARRAY['room.created'::text, 'room.ended'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'participant.left'::text, 'qos.alert'::text, 'license.revoked'::text, 'usage.threshold'::text]);
--> statement-breakpoint
ALTER TABLE "events" DROP CONSTRAINT IF EXISTS "events_type_check";
--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_type_check" CHECK (type = ANY (ARRAY['room.created'::text, 'room.ended'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'participant.left'::text, 'qos.alert'::text, 'license.revoked'::text, 'usage.threshold'::text, 'webhook.test'::text]));
--> statement-breakpoint
ALTER TABLE "usage_daily" ADD CONSTRAINT "usage_daily_metric_check" CHECK (metric = ANY (ARRAY['publisher_minutes'::text, 'viewer_minutes'::text, 'recording_minutes'::text, 'recording_bytes'::text, 'rooms_created'::text, 'room_tokens'::text, 'webhook_attempts'::text, 'webhook_successes'::text, 'emails_sent'::text]));
--> statement-breakpoint
ALTER TABLE "usage_threshold_notices" ADD CONSTRAINT "usage_threshold_notices_metric_check" CHECK (metric = ANY (ARRAY['participant_minutes'::text, 'recording_minutes'::text]));
