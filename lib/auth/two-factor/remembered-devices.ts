import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { rememberedDevices } from "@/db/schema";
import { sha256Hex } from "@/lib/crypto/secret-box";
import type { DbOrTx } from "@/lib/db";
import { newId } from "@/lib/ids";

/**
 * "Remember this device" (docs/decisions/1261): a random token in an HttpOnly cookie, its SHA-256 in
 * the database, 30 days. It skips only the second factor, never the password, and only for the
 * user it was issued to. Turning two-factor off or resetting the password forgets every device.
 */
export const DEVICE_COOKIE = "svc_device";
export const DEVICE_TTL_SEC = 30 * 24 * 3600;

export async function rememberDevice(db: DbOrTx, userId: string, now: Date): Promise<string> {
  const token = `dev_${randomBytes(32).toString("base64url")}`;
  await db
    .delete(rememberedDevices)
    .where(and(eq(rememberedDevices.userId, userId), lt(rememberedDevices.expiresAt, now)));
  await db.insert(rememberedDevices).values({
    id: newId("device"),
    userId,
    tokenHash: sha256Hex(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + DEVICE_TTL_SEC * 1000),
  });
  return token;
}

export async function isRememberedDevice(
  db: DbOrTx,
  userId: string,
  token: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ id: rememberedDevices.id })
    .from(rememberedDevices)
    .where(
      and(
        eq(rememberedDevices.tokenHash, sha256Hex(token)),
        eq(rememberedDevices.userId, userId),
        gt(rememberedDevices.expiresAt, now),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function forgetDevices(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(rememberedDevices).where(eq(rememberedDevices.userId, userId));
}

export function deviceCookieHeader(token: string): string {
  return `${DEVICE_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${DEVICE_TTL_SEC}`;
}
