-- Deliveries written before bodies were stored (docs/decisions/0800): build each body once from its
-- event, with the same fields and order the sender used. Later attempts send these bytes.
UPDATE "deliveries" AS d
SET "body" = json_build_object(
  'id', d."webhook_id",
  'type', e."payload" -> 'type',
  'created_at', e."payload" -> 'created_at',
  'org_id', e."payload" -> 'org_id',
  'project_id', coalesce(e."payload" -> 'project_id', 'null'::jsonb),
  'data', coalesce(e."payload" -> 'data', '{"object": null}'::jsonb)
)::text
FROM "events" AS e
WHERE e."id" = d."event_id" AND d."body" IS NULL;
