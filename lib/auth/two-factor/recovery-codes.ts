import { randomBytes } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { recoveryCodes } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/secret-box";
import type { DbOrTx } from "@/lib/db";
import { newId } from "@/lib/ids";

/** How many codes a confirmation answers (issue 46). */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";

/** `xxxxx-xxxxx` from a 32-letter alphabet without look-alikes: 50 random bits each. */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let out = "";
  for (const b of bytes) out += ALPHABET[b & 31];
  return `${out.slice(0, 5)}-${out.slice(5)}`;
}

/** Lower-case, hyphen where a person may have left it out or added spaces. */
export function normaliseRecoveryCode(code: string): string {
  const bare = code.toLowerCase().replace(/[\s-]/g, "");
  return `${bare.slice(0, 5)}-${bare.slice(5)}`;
}

/**
 * Replaces the user's codes with ten new ones; answers them in the clear, once. Only their SHA-256
 * is kept: 50 random bits need no slow hash (nobody can enumerate 2^50 codes against the budgets).
 */
export async function replaceRecoveryCodes(db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db
    .insert(recoveryCodes)
    .values(
      codes.map((c) => ({ id: newId("recoveryCode"), userId, codeHash: sha256Hex(c), createdAt: now })),
    );
  return codes;
}

/** Spends one code: true once per code, false for any other code or any later use (atomic). */
export async function spendRecoveryCode(
  db: DbOrTx,
  userId: string,
  code: string,
  now: Date,
): Promise<boolean> {
  const spent = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, sha256Hex(normaliseRecoveryCode(code))),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent.length === 1;
}

/** Codes left unused (the account page shows it). */
export async function unusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const rows = await db
    .select({ id: recoveryCodes.id })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return rows.length;
}
