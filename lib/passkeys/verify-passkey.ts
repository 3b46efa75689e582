import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { generateAuthenticationOptions, verifyAuthenticationResponse } from "@simplewebauthn/server";
import { and, eq, lt } from "drizzle-orm";
import { passkeys } from "@/db/schema";
import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { keepChallenge } from "@/lib/passkeys/challenges";
import { checkClientData, readSignCount } from "@/lib/passkeys/client-data";
import type { AuthenticationResponse } from "@/lib/passkeys/passkey-schemas";
import { relyingParty } from "@/lib/passkeys/relying-party";

const invalid = (detail: string) => new ApiError("invalid_passkey", detail);

/**
 * Options for `startAuthentication()`: no credential list (discoverable passkeys: the browser
 * offers the person's own), user verification required. The same options serve a password-less
 * sign-in and a passkey given as the second factor after a password.
 */
export async function passkeySignInOptions(
  db: DbOrTx,
  now: Date = new Date(),
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty().rpID,
    userVerification: "required",
    timeout: 5 * 60_000,
  });
  await keepChallenge(db, options.challenge, "authentication", null, now);
  return options;
}

/**
 * Verifies a passkey's answer (docs/decisions/1340): the challenge ours and unspent, the origin
 * ours, the credential registered (to `userId`, when the password already named the person), the
 * signature good with user verification, the counter moving forward. Answers whose passkey it was.
 * The counter moves in a conditional UPDATE, so two answers racing with one counter: one wins.
 */
export async function verifyPasskey(
  db: DbOrTx,
  response: AuthenticationResponse,
  expectedUserId: string | null,
  now: Date = new Date(),
): Promise<{ userId: string; passkeyId: string }> {
  await checkClientData(
    db,
    response.response.clientDataJSON,
    "authentication",
    null,
    now,
    invalid("The passkey answer's client data is not a sign-in's."),
  );
  const [stored] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id)).limit(1);
  if (!stored || (expectedUserId !== null && stored.userId !== expectedUserId)) {
    throw invalid("This passkey is not registered to an account here (or not to this one).");
  }
  const signCount = readSignCount(response.response.authenticatorData);
  if (signCount === null) throw invalid("The passkey answer's authenticator data is too short.");
  // A counter of 0 on both sides: the authenticator does not count (synced passkeys); otherwise it
  // must move forward, or a clone is answering (WebAuthn §6.1.1).
  if ((signCount > 0 || stored.counter > 0) && signCount <= stored.counter) {
    throw new ApiError(
      "passkey_counter_regressed",
      "This passkey's signature counter went backwards: it may have been cloned. Sign in another way and remove it.",
    );
  }
  const rp = relyingParty();
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response: response as Parameters<typeof verifyAuthenticationResponse>[0]["response"],
      expectedChallenge: () => true,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      credential: {
        id: stored.credentialId,
        publicKey: new Uint8Array(Buffer.from(stored.publicKey, "base64url")),
        counter: stored.counter,
      },
    });
    if (!verified.verified) throw new Error("the signature did not verify");
    newCounter = verified.authenticationInfo.newCounter;
  } catch (err) {
    throw invalid(
      `The passkey answer did not verify: ${err instanceof Error ? err.message.slice(0, 300) : "unreadable"}.`,
    );
  }
  const moved = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(
      and(
        eq(passkeys.id, stored.id),
        newCounter > 0 ? lt(passkeys.counter, newCounter) : eq(passkeys.counter, 0),
      ),
    )
    .returning({ id: passkeys.id });
  if (moved.length === 0) {
    throw new ApiError("passkey_counter_regressed", "This passkey's signature counter did not move forward.");
  }
  return { userId: stored.userId, passkeyId: stored.id };
}

/** Whether the person has a passkey (a second factor, like a confirmed TOTP). */
export async function hasPasskey(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return row !== undefined;
}
