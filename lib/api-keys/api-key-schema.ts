import { z } from "zod";
import { API_KEY_SCOPES, KEY_GRANTS, type KeyGrant } from "@/lib/api-keys/scopes";
import { prefixedId, timestamp } from "@/lib/wire";

const SCOPE_LIST = API_KEY_SCOPES.join(", ");
const GRANT_LIST = KEY_GRANTS.join(", ");

/** Body of POST /v1/workspace/projects/:projectId/api-keys; the console form posts the same. */
export const mintApiKeyBody = z.object({
  name: z
    .string({ error: "name is required (1 to 100 characters)" })
    .trim()
    .min(1, "name must be 1 to 100 characters")
    .max(100, "name must be 1 to 100 characters"),
  scope: z.enum(API_KEY_SCOPES, { error: `scope must be one of ${SCOPE_LIST}` }).default("all"),
  // docs/decisions/0100: [] is allowed (a key that only registers webhooks needs no media grant).
  grants: z
    .array(z.enum(KEY_GRANTS, { error: `each grant must be one of ${GRANT_LIST}` }), {
      error: `grants must be an array of ${GRANT_LIST}`,
    })
    .max(KEY_GRANTS.length * 4, "grants lists too many entries")
    .optional()
    .transform((v): KeyGrant[] =>
      v === undefined ? [...KEY_GRANTS] : KEY_GRANTS.filter((g) => v.includes(g)),
    ),
});
export type MintApiKeyInput = z.output<typeof mintApiKeyBody>;

const scope = z.enum(API_KEY_SCOPES);
const grants = z.array(z.enum(KEY_GRANTS));
const secret = z
  .string()
  .startsWith("svc_live_")
  .meta({ description: "Shown once; only its SHA-256 hash is stored." });
const projectKey = z
  .string()
  .startsWith("svc_pk_")
  .meta({ description: "`svc_pk_<keyId>.<secret>`, ready to paste; shown once." });

/** A key as lists show it: never the secret. `ApiKeyDto` is inferred from it. */
export const apiKeySchema = z
  .object({
    id: prefixedId("key_"),
    project_id: prefixedId("prj_"),
    name: z.string(),
    scope,
    grants,
    prefix: z.string(),
    state: z.enum(["active", "revoked"]),
    created_at: timestamp,
    rotated_at: timestamp.nullable(),
    revoked_at: timestamp.nullable(),
    last_used_at: timestamp.nullable(),
  })
  .meta({ id: "ApiKey", description: "A key as lists show it: never the secret." });
export type ApiKeyDto = z.output<typeof apiKeySchema>;

/** What minting and rotating reveal, once: the secret in both forms, and its visible prefix. */
const revealed = {
  id: prefixedId("key_"),
  secret,
  prefix: z.string(),
  project_key: projectKey,
};

export const mintedApiKeySchema = z
  .object({ ...revealed, name: z.string(), scope, grants, created_at: timestamp })
  .meta({ id: "MintedApiKey" });
export type MintedApiKey = z.output<typeof mintedApiKeySchema>;

export const rotatedApiKeySchema = z
  .object({ ...revealed, rotated_at: timestamp })
  .meta({ id: "RotatedApiKey" });
export type RotatedApiKey = z.output<typeof rotatedApiKeySchema>;
