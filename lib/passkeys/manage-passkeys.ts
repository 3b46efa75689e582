import { and, asc, eq } from "drizzle-orm";
import { passkeys } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db, DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { type Passkey, passkeyView } from "@/lib/passkeys/passkey-view";

/** The person's passkeys, oldest first (passkeys_user_idx). */
export async function listPasskeys(db: DbOrTx, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(passkeyView);
}

const notFound = () => new ApiError("not_found", "No passkey of yours has that id.");

/** Renames one of the person's passkeys; another person's is 404. */
export async function renamePasskey(
  db: Db,
  ctx: AuditContext,
  userId: string,
  id: string,
  name: string,
): Promise<Passkey> {
  return audited(
    db,
    ctx,
    async (tx) => {
      const [row] = await tx
        .update(passkeys)
        .set({ name })
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning();
      if (!row) throw notFound();
      return passkeyView(row);
    },
    (p) => ({
      action: "auth.passkey_renamed",
      target: { type: "passkey", id: p.id },
      metadata: { name: p.name },
    }),
  );
}

/**
 * Removes one of the person's passkeys. The last second factor of a member whose org requires
 * two-factor cannot go (docs/decisions/1263): they would be locked out of everything at once.
 */
export async function removePasskey(db: Db, ctx: AuditContext, userId: string, id: string): Promise<void> {
  await audited(
    db,
    ctx,
    async (tx) => {
      const [row] = await tx
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ id: passkeys.id, name: passkeys.name });
      if (!row) throw notFound();
      return row;
    },
    (p) => ({
      action: "auth.passkey_removed",
      target: { type: "passkey", id: p.id },
      metadata: { name: p.name },
    }),
  );
}
