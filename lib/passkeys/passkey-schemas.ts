import { z } from "zod";

const b64url = (what: string, max: number) =>
  z
    .string({ error: `${what} must be a base64url string` })
    .max(max, `${what} is too long`)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, `${what} must be base64url`);

/**
 * What `navigator.credentials.create()` answers, as @simplewebauthn/browser's
 * `startRegistration()` serialises it (RegistrationResponseJSON). Other members pass through.
 */
export const registrationResponseSchema = z.looseObject({
  id: b64url("id", 1024).min(1),
  rawId: b64url("rawId", 1024).min(1),
  type: z.literal("public-key", { error: 'type must be "public-key"' }),
  response: z.looseObject({
    clientDataJSON: b64url("response.clientDataJSON", 8192).min(1),
    attestationObject: b64url("response.attestationObject", 65536).min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

/** What `navigator.credentials.get()` answers (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.looseObject({
  id: b64url("id", 1024).min(1),
  rawId: b64url("rawId", 1024).min(1),
  type: z.literal("public-key", { error: 'type must be "public-key"' }),
  response: z.looseObject({
    clientDataJSON: b64url("response.clientDataJSON", 8192).min(1),
    authenticatorData: b64url("response.authenticatorData", 8192).min(1),
    signature: b64url("response.signature", 2048).min(1),
    userHandle: b64url("response.userHandle", 1024).optional(),
  }),
  clientExtensionResults: z.looseObject({}).default({}),
  authenticatorAttachment: z.string().max(32).optional(),
});

export const passkeyNameField = z
  .string({ error: "name must be a string" })
  .trim()
  .min(1, "name must not be empty")
  .max(64, "name must be at most 64 characters");

export const registerPasskeyBody = z.object({
  /** Shown in the list; defaults to "Passkey" and the date. */
  name: passkeyNameField.optional(),
  response: registrationResponseSchema,
});

export const renamePasskeyBody = z.object({ name: passkeyNameField });

export const passkeySignInBody = z.object({ response: authenticationResponseSchema });

export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    created_at: z.string(),
    last_used_at: z.string().nullable(),
    /** Synced by its platform (iCloud Keychain, Google Password Manager), so it survives a lost device. */
    backed_up: z.boolean(),
    transports: z.array(z.string()),
  })
  .meta({ id: "Passkey" });

export const passkeyListSchema = z.object({ items: z.array(passkeySchema) }).meta({ id: "PasskeyList" });

/** The options to hand to `startRegistration()` / `startAuthentication()` of @simplewebauthn/browser. */
export const passkeyOptionsSchema = z
  .object({ options: z.looseObject({ challenge: z.string() }) })
  .meta({ id: "PasskeyOptions" });

export type RegistrationResponse = z.output<typeof registrationResponseSchema>;
export type AuthenticationResponse = z.output<typeof authenticationResponseSchema>;
export type Passkey = z.output<typeof passkeySchema>;
