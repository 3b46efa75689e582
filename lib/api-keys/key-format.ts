import { randomBase62 } from "@/lib/ids";

/** docs/spec/product-decisions.md §4: `svc_live_` + 40 base62 characters; the visible prefix is its first 13 characters. */
export const SECRET_PREFIX = "svc_live_";
export const PROJECT_KEY_PREFIX = "svc_pk_";
export { API_KEY_SCOPES, type ApiKeyScope, KEY_GRANTS, type KeyGrant } from "@/lib/api-keys/scopes";

export function newKeySecret(): string {
  return SECRET_PREFIX + randomBase62(40);
}

export function displayPrefix(secret: string): string {
  return secret.slice(0, SECRET_PREFIX.length + 4);
}

/** The ready-to-paste project key the console shows once: `svc_pk_<keyId>.<secret>`. */
export function projectKey(keyId: string, secret: string): string {
  return `${PROJECT_KEY_PREFIX}${keyId}.${secret}`;
}

/** Splits a presented key into (keyId?, secret); undefined when it cannot be one of ours. */
export function parsePresentedKey(presented: string): { keyId?: string; secret: string } | undefined {
  if (presented.length > 512) return undefined;
  if (presented.startsWith(PROJECT_KEY_PREFIX)) {
    const rest = presented.slice(PROJECT_KEY_PREFIX.length);
    const dot = rest.indexOf(".");
    if (dot <= 0) return undefined;
    const keyId = rest.slice(0, dot);
    const secret = rest.slice(dot + 1);
    if (!keyId.startsWith("key_") || !secret.startsWith(SECRET_PREFIX)) return undefined;
    return { keyId, secret };
  }
  if (presented.startsWith(SECRET_PREFIX)) return { secret: presented };
  return undefined;
}
