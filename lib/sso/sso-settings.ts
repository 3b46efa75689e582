import { asc, eq } from "drizzle-orm";
import { orgSso, ssoDomains } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import { encryptSecret } from "@/lib/crypto/secret-box";
import type { Db, DbOrTx } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, validationError } from "@/lib/http/errors";
import { discover, issuerProblem } from "@/lib/sso/oidc-client";
import type { SsoSettings, SsoSettingsInput } from "@/lib/sso/sso-schemas";

/** Where every org's provider sends people back: register it with the provider. */
export function ssoRedirectUri(): string {
  return `${env.baseUrl}/v1/auth/sso/callback`;
}

/** The org's SSO as the API shows it (never the secret), or null when none is configured. */
export async function getSsoSettings(db: DbOrTx, orgId: string): Promise<SsoSettings | null> {
  const [row] = await db.select().from(orgSso).where(eq(orgSso.orgId, orgId)).limit(1);
  if (!row) return null;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.orgId, orgId))
    .orderBy(asc(ssoDomains.domain));
  return {
    issuer: row.issuer,
    client_id: row.clientId,
    client_secret_set: row.clientSecret.length > 0,
    domains: domains.map((d) => d.domain),
    default_role: row.defaultRole,
    require_sso: row.requireSso,
    redirect_uri: ssoRedirectUri(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * Configures (or replaces) the org's SSO (docs/decisions/1343). The issuer is discovered first, so
 * a typo is a 422 now rather than a failed sign-in later; the secret is encrypted at rest; each
 * domain may be claimed by one org only (409 `domain_taken`). Audited as `org.sso_configured`.
 */
export async function saveSsoSettings(
  db: Db,
  ctx: AuditContext,
  input: SsoSettingsInput,
  now: Date = new Date(),
): Promise<SsoSettings> {
  const problem = await issuerProblem(input.issuer);
  if (problem) throw validationError([{ path: "issuer", message: problem }]);
  await discover(input.issuer);
  const orgId = ctx.orgId;
  await audited(
    db,
    ctx,
    async (tx) => {
      const [current] = await tx
        .select({ secret: orgSso.clientSecret })
        .from(orgSso)
        .where(eq(orgSso.orgId, orgId))
        .limit(1);
      if (!current && input.client_secret === undefined) {
        throw validationError([
          { path: "client_secret", message: "client_secret is required the first time" },
        ]);
      }
      const secret = input.client_secret !== undefined ? encryptSecret(input.client_secret) : current?.secret;
      const values = {
        issuer: input.issuer,
        clientId: input.client_id,
        clientSecret: secret ?? "",
        defaultRole: input.default_role,
        requireSso: input.require_sso,
        updatedAt: now,
      };
      await tx
        .insert(orgSso)
        .values({ orgId, createdAt: now, ...values })
        .onConflictDoUpdate({ target: orgSso.orgId, set: values });
      await tx.delete(ssoDomains).where(eq(ssoDomains.orgId, orgId));
      const claimed = await tx
        .insert(ssoDomains)
        .values(input.domains.map((domain) => ({ domain, orgId })))
        .onConflictDoNothing({ target: ssoDomains.domain })
        .returning({ domain: ssoDomains.domain });
      const taken = input.domains.filter((d) => !claimed.some((c) => c.domain === d));
      if (taken.length > 0) {
        throw new ApiError(
          "domain_taken",
          `${taken.join(", ")} ${taken.length === 1 ? "is" : "are"} claimed by another organisation's single sign-on.`,
        );
      }
    },
    () => ({
      action: "org.sso_configured",
      target: { type: "org", id: orgId },
      metadata: {
        issuer: input.issuer,
        domains: input.domains,
        default_role: input.default_role,
        require_sso: input.require_sso,
        new_client_credentials: input.client_secret !== undefined,
      },
    }),
  );
  const saved = await getSsoSettings(db, orgId);
  if (!saved) throw new Error("SSO settings vanished after saving");
  return saved;
}

/** Removes the org's SSO: its domains are free again, password sign-in works again. */
export async function removeSsoSettings(db: Db, ctx: AuditContext): Promise<void> {
  await audited(
    db,
    ctx,
    async (tx) => {
      const gone = await tx
        .delete(orgSso)
        .where(eq(orgSso.orgId, ctx.orgId))
        .returning({ orgId: orgSso.orgId });
      if (gone.length === 0) throw new ApiError("not_found", "This organisation has no single sign-on.");
      await tx.delete(ssoDomains).where(eq(ssoDomains.orgId, ctx.orgId));
    },
    () => ({ action: "org.sso_removed", target: { type: "org", id: ctx.orgId } }),
  );
}
