import { and, eq } from "drizzle-orm";
import { licenses } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { requireCloudMode } from "@/lib/licenses/issue-license";
import type { LicenseRecord } from "@/lib/licenses/license-schema";
import { serializeLicense } from "@/lib/licenses/serialize-license";

/**
 * Revokes a licence of the caller's org: permanent, published on the next revocation list
 * (`/.well-known/license-revocations.json`), which the install polls. Another org's licence is 404;
 * revoking twice is 409 `conflict` naming when it was revoked (docs/decisions/1276). Audited.
 */
export async function revokeLicense(
  db: Db,
  audit: AuditContext & { actor: { id: string } },
  licenseId: string,
  now: Date = new Date(),
): Promise<LicenseRecord> {
  requireCloudMode();
  return audited(
    db,
    audit,
    async (tx) => {
      const mine = and(eq(licenses.id, licenseId), eq(licenses.orgId, audit.orgId));
      // Locked: two revocations at once answer 200 and 409, never 200 twice.
      const [row] = await tx.select().from(licenses).where(mine).for("update").limit(1);
      if (!row) throw new ApiError("not_found", "No such licence in this organisation.");
      if (row.revokedAt) {
        throw new ApiError("conflict", `The licence was already revoked at ${row.revokedAt.toISOString()}.`);
      }
      const [updated] = await tx
        .update(licenses)
        .set({ revokedAt: now, revokedBy: audit.actor.id })
        .where(mine)
        .returning();
      if (!updated) throw new Error("the licence was not updated");
      return serializeLicense(updated, now);
    },
    (revoked) => ({
      action: "license.revoked",
      target: { type: "license", id: revoked.id },
      metadata: { name: revoked.name },
    }),
  );
}
