import { z } from "zod";
import { API_KEY_SCOPES, KEY_GRANTS, type KeyGrant } from "@/lib/api-keys/scopes";

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
