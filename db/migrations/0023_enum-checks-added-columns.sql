-- CHECK constraints for the enum-like columns added beside migration 0018 (the test inbox, the
-- room timeline), generated from db/enum-columns.ts (docs/decisions/1022).
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_type_check" CHECK (type = ANY (ARRAY['participant.joined'::text, 'participant.left'::text, 'recording.started'::text, 'recording.completed'::text, 'recording.failed'::text, 'recording.ready'::text, 'qos.alert'::text, 'room.ended'::text]));
--> statement-breakpoint
-- 0021 wrote this one by hand: replaced by the generated form.
ALTER TABLE "webhook_endpoints" DROP CONSTRAINT IF EXISTS "webhook_endpoints_kind_check";
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_kind_check" CHECK (kind = ANY (ARRAY['https'::text, 'inbox'::text]));
--> statement-breakpoint
ALTER TABLE "webhook_inbox_messages" ADD CONSTRAINT "webhook_inbox_messages_verify_failure_check" CHECK (verify_failure = ANY (ARRAY['missing_headers'::text, 'unknown_kid'::text, 'invalid_timestamp'::text, 'timestamp_out_of_tolerance'::text, 'signature_mismatch'::text]));
