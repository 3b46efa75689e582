import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { api, type Problem } from "@/app/_components/api-client";

/**
 * The browser's half of a passkey (docs/decisions/1340): @simplewebauthn/browser turns the API's
 * options into `navigator.credentials` calls and their answers back into JSON. It is loaded on
 * demand, when a person presses a passkey button, never in a page's first load.
 */
export type Ceremony<T> = { ok: true; response: T } | { ok: false; message: string };

function refused(err: unknown): string {
  const name = err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "AbortError")
    return "The passkey prompt was closed or timed out.";
  if (name === "InvalidStateError") return "This authenticator already holds a passkey for your account.";
  return err instanceof Error ? err.message : "The browser could not use a passkey.";
}

/** Options from the API, then the authenticator's answer to them. */
async function ceremony<O, T>(
  optionsPath: string,
  run: (options: O) => Promise<T>,
): Promise<Ceremony<T> & { problem?: Problem }> {
  const res = await api<{ options: O }>(optionsPath, { method: "POST" });
  if (!res.ok) return { ok: false, message: res.problem.detail, problem: res.problem };
  try {
    return { ok: true, response: await run(res.data.options) };
  } catch (err) {
    return { ok: false, message: refused(err) };
  }
}

export function createPasskey(): Promise<Ceremony<RegistrationResponseJSON>> {
  return ceremony<PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON>(
    "/v1/workspace/me/passkeys/options",
    async (optionsJSON) => (await import("@simplewebauthn/browser")).startRegistration({ optionsJSON }),
  );
}

export function getPasskey(): Promise<Ceremony<AuthenticationResponseJSON>> {
  return ceremony<PublicKeyCredentialRequestOptionsJSON, AuthenticationResponseJSON>(
    "/v1/auth/passkey/options",
    async (optionsJSON) => (await import("@simplewebauthn/browser")).startAuthentication({ optionsJSON }),
  );
}
