import type { licenses } from "@/db/schema";
import type { LicenseRecord } from "@/lib/licenses/license-schema";

type Row = typeof licenses.$inferSelect;

/** A licence as the API returns it; `revoked` wins over `expired`. */
export function serializeLicense(row: Row, now: Date = new Date()): LicenseRecord {
  return {
    id: row.id,
    org_id: row.orgId,
    name: row.name,
    state: row.revokedAt ? "revoked" : row.expiresAt <= now ? "expired" : "active",
    limits: { seats: row.seats, concurrent_participants: row.concurrentParticipants },
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    kid: row.kid,
  };
}
