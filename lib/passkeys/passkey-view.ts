import type { passkeys } from "@/db/schema";
import type { Passkey } from "@/lib/passkeys/passkey-schemas";

export type { Passkey };

/** A stored passkey as the API shows it: never its public key or credential id. */
export function passkeyView(row: typeof passkeys.$inferSelect): Passkey {
  return {
    id: row.id,
    name: row.name,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    backed_up: row.backedUp,
    transports: row.transports,
  };
}
