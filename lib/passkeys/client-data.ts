import type { DbOrTx } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { spendChallenge } from "@/lib/passkeys/challenges";
import { relyingParty } from "@/lib/passkeys/relying-party";

interface ClientData {
  type: string;
  challenge: string;
  origin: string;
}

/** The browser's clientDataJSON, decoded; anything unreadable is the authenticator's answer being wrong. */
export function readClientData(clientDataJSON: string, onBad: ApiError): ClientData {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(clientDataJSON, "base64url").toString("utf8"));
    if (
      typeof parsed === "object" &&
      parsed !== null &&
      "type" in parsed &&
      "challenge" in parsed &&
      "origin" in parsed &&
      typeof parsed.type === "string" &&
      typeof parsed.challenge === "string" &&
      typeof parsed.origin === "string"
    ) {
      return { type: parsed.type, challenge: parsed.challenge, origin: parsed.origin };
    }
  } catch {
    // Falls through to the caller's error.
  }
  throw onBad;
}

/**
 * The checks with a stable code of their own, before the library verifies the rest (signature,
 * attestation, RP ID hash): the challenge is one we issued for this purpose (and person), unused
 * and unexpired, spent now; the origin is ours (docs/decisions/1340).
 */
export async function checkClientData(
  db: DbOrTx,
  clientDataJSON: string,
  purpose: "registration" | "authentication",
  userId: string | null,
  now: Date,
  onBad: ApiError,
): Promise<void> {
  const data = readClientData(clientDataJSON, onBad);
  const expectedType = purpose === "registration" ? "webauthn.create" : "webauthn.get";
  if (data.type !== expectedType) throw onBad;
  if (!(await spendChallenge(db, data.challenge, purpose, userId, now))) {
    throw new ApiError(
      "passkey_challenge_invalid",
      "This passkey answer is for a challenge we did not issue, already used or older than 5 minutes. Ask for new options and try again.",
    );
  }
  const { origin } = relyingParty();
  if (data.origin !== origin) {
    throw new ApiError(
      "passkey_origin_mismatch",
      `This passkey answer was made on ${JSON.stringify(data.origin).slice(0, 200)}, not on ${origin}.`,
    );
  }
}

/** The signature counter in authenticatorData (bytes 33–36, big-endian); null when too short. */
export function readSignCount(authenticatorData: string): number | null {
  const bytes = Buffer.from(authenticatorData, "base64url");
  return bytes.length >= 37 ? bytes.readUInt32BE(33) : null;
}
