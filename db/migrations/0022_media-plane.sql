-- The media plane (docs/decisions/1040-1043): the node each room is placed on, and the client
-- connections the media plane reports, so a leave that names only a media-plane participant id
-- finds its identity. Tokens are never stored: the identity is read from the credential.
ALTER TABLE "rooms" ADD COLUMN "media_node" text;
--> statement-breakpoint
CREATE INDEX "rooms_media_node_open_idx" ON "rooms" USING btree ("media_node") WHERE media_node IS NOT NULL AND state <> 'ended';
--> statement-breakpoint
CREATE TABLE "media_connections" (
	"connection_id" text PRIMARY KEY NOT NULL,
	"session_ref" text NOT NULL,
	"room_id" text NOT NULL,
	"identity" text NOT NULL,
	"role" text NOT NULL,
	"participant_ref" text,
	"joined_at" timestamp (3) with time zone,
	"left_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "media_connections" ADD CONSTRAINT "media_connections_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "media_connections_session_idx" ON "media_connections" USING btree ("session_ref");
--> statement-breakpoint
CREATE INDEX "media_connections_room_participant_idx" ON "media_connections" USING btree ("room_id","participant_ref");
--> statement-breakpoint
CREATE INDEX "media_connections_room_identity_idx" ON "media_connections" USING btree ("room_id","identity");
--> statement-breakpoint
CREATE INDEX "media_connections_created_idx" ON "media_connections" USING btree ("created_at");
--> statement-breakpoint
-- Room tokens read the room's node with the key (lib/api-keys/authenticate.ts): placing a room
-- must reach the principal cache like a state change (docs/decisions/0966).
DROP TRIGGER "rooms_notify_principal" ON "rooms";
--> statement-breakpoint
CREATE TRIGGER "rooms_notify_principal" AFTER UPDATE OF type, state, short_code, org_id, project_id, media_node OR DELETE ON "rooms"
  FOR EACH ROW EXECUTE FUNCTION svc_notify_principal('r');
