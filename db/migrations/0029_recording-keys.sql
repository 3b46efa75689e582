-- Recording object keys are the service's (issue 42 item 7, docs/decisions/1245): before a
-- recording's objects are deleted, the service checks that no other row points at them, by exact
-- key or under the recording's prefix. text_pattern_ops serves both `=` and `LIKE 'prefix%'`.
CREATE INDEX IF NOT EXISTS "recordings_object_key_idx" ON "recordings" USING btree ("object_key" text_pattern_ops) WHERE object_key IS NOT NULL;
