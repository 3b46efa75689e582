/** Key scopes and grants as data; no Node imports, so console forms share them with the API. */
import { API_KEY_SCOPES, KEY_GRANTS } from "@/db/enums";

export { API_KEY_SCOPES, KEY_GRANTS };
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
export type KeyGrant = (typeof KEY_GRANTS)[number];
