-- Room tokens read their key, project, org plan and room from an in-process cache
-- (docs/decisions/0966). Every write that changes what that read returns notifies the channel
-- `svc_principals`, from the database itself, so no writer can forget to: an API key's secret,
-- scope, grants, revocation or removal; a project's removal; an org's plan flag or removal; a
-- room's type, state, short code or removal. Payload: one letter for the table and the row's id.
-- last_used_at (written in batches), names and participant counts notify nothing.
CREATE OR REPLACE FUNCTION "svc_notify_principal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  row_id text := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
BEGIN
  PERFORM pg_notify('svc_principals', TG_ARGV[0] || ':' || row_id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "api_keys_notify_principal" AFTER UPDATE OF secret_hash, scope, grants, revoked_at, org_id, project_id ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION svc_notify_principal('k');
--> statement-breakpoint
CREATE TRIGGER "api_keys_notify_principal_deleted" AFTER DELETE ON "api_keys"
  FOR EACH ROW EXECUTE FUNCTION svc_notify_principal('k');
--> statement-breakpoint
CREATE TRIGGER "projects_notify_principal" AFTER UPDATE OF org_id OR DELETE ON "projects"
  FOR EACH ROW EXECUTE FUNCTION svc_notify_principal('p');
--> statement-breakpoint
CREATE TRIGGER "orgs_notify_principal" AFTER UPDATE OF plan_selected OR DELETE ON "orgs"
  FOR EACH ROW EXECUTE FUNCTION svc_notify_principal('o');
--> statement-breakpoint
CREATE TRIGGER "rooms_notify_principal" AFTER UPDATE OF type, state, short_code, org_id, project_id OR DELETE ON "rooms"
  FOR EACH ROW EXECUTE FUNCTION svc_notify_principal('r');
