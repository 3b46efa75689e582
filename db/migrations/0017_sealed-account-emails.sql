-- Account emails carry single-use links (sign-up verification, password reset, org invitation).
-- The readable copy (`html`, `text`) keeps no live token; the body with the link is sealed with
-- the key from the environment (`sealed_body`, AES-256-GCM, lib/crypto/secret-box.ts) and purged
-- once sent through Resend, once the link is used, or once it expires (`sealed_until`).
-- docs/decisions/1011.
ALTER TABLE "emails" ADD COLUMN "sealed_body" text;
--> statement-breakpoint
ALTER TABLE "emails" ADD COLUMN "sealed_until" timestamp(3) with time zone;
--> statement-breakpoint
-- The SHA-256 of the sealed link's token (as the token tables keep it): using the link purges it.
ALTER TABLE "emails" ADD COLUMN "sealed_link_hash" text;
--> statement-breakpoint
CREATE INDEX "emails_sealed_link_idx" ON "emails" USING btree ("sealed_link_hash") WHERE sealed_body IS NOT NULL;
--> statement-breakpoint
-- The mailbox of one addressee (the console, the development mailbox endpoint), newest first.
CREATE INDEX "emails_to_created_idx" ON "emails" USING btree ("to_address", "created_at" DESC);
--> statement-breakpoint
-- Retention: sealed bodies whose link has expired.
CREATE INDEX "emails_sealed_until_idx" ON "emails" USING btree ("sealed_until") WHERE sealed_body IS NOT NULL;
--> statement-breakpoint
-- Rows written before this migration kept their live links in the readable copy: remove them
-- (the key is not in the database, so they cannot be sealed here; those links stop being readable).
UPDATE "emails"
SET "html" = regexp_replace("html", '/(verify-email|reset-password|accept-invite)/[A-Za-z0-9_-]+', '/\1/(link-removed)', 'g'),
    "text" = regexp_replace("text", '/(verify-email|reset-password|accept-invite)/[A-Za-z0-9_-]+', '/\1/(link-removed)', 'g')
WHERE "kind" = 'account';
