import { z } from "zod";
import { ROLES } from "@/lib/auth/roles";

/** A DNS name as people type it: lower-cased, no trailing dot, at least one dot, no wildcard. */
const domainField = z
  .string({ error: "each domain must be a string" })
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/\.$/, ""))
  .pipe(
    z
      .string()
      .max(253)
      .regex(
        /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/,
        "each domain must be a host name like example.com (no scheme, no wildcard)",
      ),
  );

export const ssoSettingsBody = z.object({
  /** The provider's issuer identifier, exactly as its discovery document states it. */
  issuer: z.url({ error: "issuer must be an absolute URL" }).max(2048),
  client_id: z.string({ error: "client_id is required" }).trim().min(1).max(512),
  /** Needed when SSO is first configured; left out, the stored secret stays. */
  client_secret: z.string().min(1).max(2048).optional(),
  domains: z
    .array(domainField)
    .min(1, "domains must list at least one email domain")
    .max(50)
    .refine((d) => new Set(d).size === d.length, "domains must not repeat"),
  /** The role of people the provider brings in for the first time (just-in-time). */
  default_role: z.enum(ROLES).default("Member"),
  /** Refuse password and passkey sign-in for these domains (the org's Owners excepted). */
  require_sso: z.boolean().default(false),
});
export type SsoSettingsInput = z.output<typeof ssoSettingsBody>;

export const ssoSettingsSchema = z
  .object({
    issuer: z.string(),
    client_id: z.string(),
    /** The secret itself is never answered. */
    client_secret_set: z.boolean(),
    domains: z.array(z.string()),
    default_role: z.enum(ROLES),
    require_sso: z.boolean(),
    /** Where the provider must send people back: register it as the client's redirect URI. */
    redirect_uri: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "SsoSettings" });
export type SsoSettings = z.output<typeof ssoSettingsSchema>;

export const ssoStartBody = z.object({
  email: z
    .string({ error: "email is required" })
    .trim()
    .min(3)
    .max(320)
    .regex(/^[^@\s]+@[^@\s]+$/, "email must be an address"),
});

export const ssoStartSchema = z.object({ authorization_url: z.string() }).meta({ id: "SsoStart" });

export const ssoCallbackQuery = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(1000).optional(),
});
