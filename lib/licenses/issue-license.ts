import { eq } from "drizzle-orm";
import { licenses, orgs } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, validationError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import {
  type IssueLicenseBody,
  type LicenseRecord,
  MAX_LICENSE_DAYS,
  MIN_LICENSE_MS,
} from "@/lib/licenses/license-schema";
import { licenseSigningKey } from "@/lib/licenses/license-signing-key";
import { signLicense } from "@/lib/licenses/license-token";
import { serializeLicense } from "@/lib/licenses/serialize-license";

/** Licences are issued by the cloud service; a self-hosted install holds one and issues none. */
export function requireCloudMode(): void {
  if (env.SVC_DEPLOYMENT_MODE !== "cloud") {
    throw new ApiError(
      "not_found",
      "Licences are issued by the cloud service; a self-hosted install reads its licence from its configuration (GET /v1/workspace/license shows it).",
    );
  }
}

/**
 * Issues a licence for the caller's org (cloud mode): the row the list shows, and the signed key,
 * returned once and never stored (docs/decisions/0703). Audited in the same transaction.
 */
export async function issueLicense(
  db: Db,
  audit: AuditContext & { actor: { id: string } },
  input: IssueLicenseBody,
  now: Date = new Date(),
): Promise<LicenseRecord & { key: string }> {
  requireCloudMode();
  const expiresAt = new Date(input.expires_at);
  // Whole seconds: the JWT's exp is in seconds, and the list must show the same instant.
  expiresAt.setUTCMilliseconds(0);
  if (expiresAt.getTime() < now.getTime() + MIN_LICENSE_MS) {
    throw validationError([{ path: "expires_at", message: "expires_at must be at least an hour from now." }]);
  }
  if (expiresAt.getTime() > now.getTime() + MAX_LICENSE_DAYS * 86_400_000) {
    throw validationError([
      {
        path: "expires_at",
        message: `expires_at must be at most ${MAX_LICENSE_DAYS} days from now; renew with a new licence.`,
      },
    ]);
  }
  const key = await licenseSigningKey(db);
  const id = newId("license");
  const name = input.name ?? "Self-hosted licence";
  return audited(
    db,
    audit,
    async (tx) => {
      const [org] = await tx.select({ name: orgs.name }).from(orgs).where(eq(orgs.id, audit.orgId)).limit(1);
      if (!org) throw new ApiError("not_found", "No such organisation.");
      const [row] = await tx
        .insert(licenses)
        .values({
          id,
          orgId: audit.orgId,
          name,
          kid: key.kid,
          seats: input.limits.seats,
          concurrentParticipants: input.limits.concurrent_participants,
          expiresAt,
          createdBy: audit.actor.id,
          createdAt: now,
        })
        .returning();
      if (!row) throw new Error("the licence row was not stored");
      const iat = Math.floor(now.getTime() / 1000);
      const signed = await signLicense(key, {
        iss: env.baseUrl,
        sub: audit.orgId,
        jti: id,
        iat,
        nbf: iat,
        exp: Math.floor(expiresAt.getTime() / 1000),
        org_name: org.name,
        name,
        limits: input.limits,
      });
      return { ...serializeLicense(row, now), key: signed };
    },
    (issued) => ({
      action: "license.issued",
      target: { type: "license", id: issued.id },
      metadata: {
        name: issued.name,
        expires_at: issued.expires_at,
        seats: issued.limits.seats,
        concurrent_participants: issued.limits.concurrent_participants,
      },
    }),
  );
}
