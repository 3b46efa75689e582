import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/server";
import { generateRegistrationOptions, verifyRegistrationResponse } from "@simplewebauthn/server";
import { asc, eq } from "drizzle-orm";
import { passkeys } from "@/db/schema";
import { type AuditContext, audited } from "@/lib/audit/record-audit";
import type { Db } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { newId } from "@/lib/ids";
import { keepChallenge } from "@/lib/passkeys/challenges";
import { checkClientData } from "@/lib/passkeys/client-data";
import type { RegistrationResponse } from "@/lib/passkeys/passkey-schemas";
import { type Passkey, passkeyView } from "@/lib/passkeys/passkey-view";
import { relyingParty } from "@/lib/passkeys/relying-party";

/** A person may keep this many passkeys: enough for every device and a spare key or two. */
export const MAX_PASSKEYS = 20;

interface Person {
  userId: string;
  email: string;
  displayName: string;
}

/**
 * Options for `startRegistration()`: a discoverable credential (so it can sign in without an
 * email), user verification required (so the passkey alone is two factors), the person's own
 * credentials excluded (an authenticator is registered once).
 */
export async function passkeyRegistrationOptions(
  db: Db,
  who: Person,
  now: Date = new Date(),
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const rp = relyingParty();
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, who.userId))
    .orderBy(asc(passkeys.createdAt));
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpID,
    userName: who.email,
    userDisplayName: who.displayName,
    // The user handle is our user id: a passkey sign-in names the person without an email.
    userID: new TextEncoder().encode(who.userId),
    attestationType: "none",
    timeout: 5 * 60_000,
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await keepChallenge(db, options.challenge, "registration", who.userId, now);
  return options;
}

/** Verifies the browser's answer and keeps the new passkey; audited as `auth.passkey_added`. */
export async function registerPasskey(
  db: Db,
  ctx: AuditContext,
  who: Person,
  input: { name?: string | undefined; response: RegistrationResponse },
  now: Date = new Date(),
): Promise<Passkey> {
  const failed = (why: string) =>
    new ApiError("passkey_verification_failed", `The new passkey could not be verified: ${why}`);
  await checkClientData(
    db,
    input.response.response.clientDataJSON,
    "registration",
    who.userId,
    now,
    failed("its client data is not a registration's."),
  );
  const rp = relyingParty();
  let info: Awaited<ReturnType<typeof verifyRegistrationResponse>>["registrationInfo"];
  try {
    const verified = await verifyRegistrationResponse({
      // The schema kept every member the browser sent; the library reads the ones it knows.
      response: input.response as Parameters<typeof verifyRegistrationResponse>[0]["response"],
      // Already spent and matched above: the library only re-reads it.
      expectedChallenge: () => true,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    });
    info = verified.registrationInfo;
  } catch (err) {
    throw failed(err instanceof Error ? err.message.slice(0, 300) : "unreadable answer.");
  }
  if (!info) throw failed("the authenticator's answer did not verify.");
  const credential = info.credential;
  return audited(
    db,
    ctx,
    async (tx) => {
      const count = await tx.$count(passkeys, eq(passkeys.userId, who.userId));
      if (count >= MAX_PASSKEYS) {
        throw new ApiError("limit_reached", `You have ${MAX_PASSKEYS} passkeys: remove one first.`);
      }
      const [row] = await tx
        .insert(passkeys)
        .values({
          id: newId("passkey"),
          userId: who.userId,
          credentialId: credential.id,
          publicKey: Buffer.from(credential.publicKey).toString("base64url"),
          counter: credential.counter,
          transports: credential.transports ?? input.response.response.transports ?? [],
          name: input.name ?? `Passkey ${now.toISOString().slice(0, 10)}`,
          backedUp: info.credentialBackedUp,
          createdAt: now,
        })
        .onConflictDoNothing({ target: passkeys.credentialId })
        .returning();
      if (!row) throw new ApiError("conflict", "This passkey is already registered.");
      return passkeyView(row);
    },
    (p) => ({
      action: "auth.passkey_added",
      target: { type: "passkey", id: p.id },
      metadata: { name: p.name, backed_up: p.backed_up },
    }),
  );
}
