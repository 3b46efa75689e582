/** Key scopes and grants as data; no Node imports, so console forms share them with the API. */
export const API_KEY_SCOPES = [
  "rooms:read",
  "rooms:write",
  "recordings:read",
  "recordings:write",
  "webhooks:write",
  "all",
] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export const KEY_GRANTS = ["publish", "subscribe", "record"] as const;
export type KeyGrant = (typeof KEY_GRANTS)[number];
