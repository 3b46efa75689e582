import { randomBase62 } from "@/lib/ids";

/**
 * A workspace API key as presented: `svc_` + its id (`wk_…`) + `.` + 43 base62 characters (256
 * bits). The id finds the row; only the SHA-256 of the secret part is stored, and it is compared in
 * constant time (docs/decisions/1290). The prefix tells it from a session token and a project key.
 */
export const WORKSPACE_KEY_PREFIX = "svc_wk_";
const SECRET_LENGTH = 43;

export function newWorkspaceSecret(): string {
  return randomBase62(SECRET_LENGTH);
}

export function presentedWorkspaceKey(id: string, secret: string): string {
  return `svc_${id}.${secret}`;
}

/** What lists show of a key: its id part and the first four characters of its secret. */
export function workspaceKeyPrefix(id: string, secret: string): string {
  return `svc_${id}.${secret.slice(0, 4)}`;
}

export function looksLikeWorkspaceKey(token: string): boolean {
  return token.startsWith(WORKSPACE_KEY_PREFIX);
}

/** Splits a presented key into (id, secret); undefined when it cannot be one. */
export function parseWorkspaceKey(token: string): { id: string; secret: string } | undefined {
  if (!looksLikeWorkspaceKey(token) || token.length > 128) return undefined;
  const dot = token.indexOf(".");
  if (dot < 0) return undefined;
  const id = token.slice("svc_".length, dot);
  const secret = token.slice(dot + 1);
  if (!/^wk_[0-9A-Za-z]{1,40}$/.test(id) || !/^[0-9A-Za-z]{43}$/.test(secret)) return undefined;
  return { id, secret };
}
