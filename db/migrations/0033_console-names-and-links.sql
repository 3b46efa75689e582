-- Names before identities (docs/decisions/1305): the name a share-link guest typed, kept where
-- the guest token is minted; and a removal on the room's timeline, apart from a leave.
CREATE TABLE IF NOT EXISTS "room_participant_names" (
	"room_id" text NOT NULL,
	"identity" text NOT NULL,
	"display_name" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_participant_names_room_id_identity_pk" PRIMARY KEY("room_id","identity")
);
--> statement-breakpoint
ALTER TABLE "room_participant_names" ADD CONSTRAINT "room_participant_names_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "room_activity" DROP CONSTRAINT IF EXISTS "room_activity_type_check";
--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_type_check" CHECK (type = ANY (ARRAY['participant.joined'::text, 'participant.left'::text, 'participant.removed'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'qos.alert'::text, 'room.ended'::text]));
