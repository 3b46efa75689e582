import { eq, sql } from "drizzle-orm";
import { memberships, orgs, users } from "@/db/schema";
import { normaliseEmail } from "@/lib/auth/login";
import { hashPassword } from "@/lib/auth/password";
import type { Db, Tx } from "@/lib/db";
import { env } from "@/lib/env";
import { ApiError, validationError } from "@/lib/http/errors";
import { newPasswordSchema } from "@/lib/identity/password-policy";
import { newId } from "@/lib/ids";

/** A new org with its first Owner: `npm run create-owner`, and the self-host first-run page. */
export async function createOwner(
  db: Db,
  input: { email: string; orgName: string; displayName?: string | undefined; password: string },
  opts: { onlyIfNoUsers?: boolean } = {},
): Promise<{ userId: string; orgId: string }> {
  const email = normaliseEmail(input.email);
  const orgName = input.orgName.trim();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw validationError([{ path: "email", message: "a valid email address is required" }]);
  if (orgName.length < 1 || orgName.length > 80)
    throw validationError([{ path: "org", message: "org name must be 1 to 80 characters" }]);
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success) {
    throw validationError([{ path: "password", message: password.error.issues[0]?.message ?? "invalid" }]);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (opts.onlyIfNoUsers) {
      // Serialises concurrent first-run submissions: only the first creates an owner.
      await tx.execute(sql`select pg_advisory_xact_lock(7420011)`);
      const [any] = await tx.select({ id: users.id }).from(users).limit(1);
      if (any) throw new ApiError("conflict", "This installation already has users; sign in instead.");
    }
    return insertOwner(tx, { email, orgName, displayName: input.displayName, passwordHash });
  });
}

/**
 * Inserts a new org, its first Owner and the membership (the caller's transaction). A self-hosted
 * install has no plans to choose; a cloud org picks one in the console. An address with an account
 * already: 409 conflict.
 */
export async function insertOwner(
  tx: Tx,
  input: { email: string; orgName: string; displayName?: string | undefined; passwordHash: string },
): Promise<{ userId: string; orgId: string }> {
  const { email } = input;
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw new ApiError("conflict", `A user with the email ${email} already exists.`);
  const orgId = newId("org");
  const userId = newId("user");
  await tx
    .insert(orgs)
    .values({ id: orgId, name: input.orgName, planSelected: env.SVC_DEPLOYMENT_MODE === "self_host" });
  await tx.insert(users).values({
    id: userId,
    email,
    displayName: input.displayName?.trim() || email.split("@")[0] || email,
    passwordHash: input.passwordHash,
  });
  await tx.insert(memberships).values({ orgId, userId, role: "Owner" });
  return { userId, orgId };
}
