import { encode } from "next-auth/jwt";
import { openSessionJwe } from "@/lib/auth/session-jwe";
import { getAuthSecret } from "@/lib/secrets";

export const SESSION_COOKIE = "svc_session";
/** docs/spec/product-decisions.md §2: 7 days, renewed on use once older than 24 h. */
export const SESSION_MAX_AGE_SEC = 7 * 24 * 3600;
export const SESSION_RENEW_AFTER_SEC = 24 * 3600;

export interface SessionClaims {
  sub: string;
  /** The server-side session row (lib/sessions): deleting it ends the session. */
  sid: string;
  /** The org the session was in when the token was issued; the session row is authoritative. */
  oid: string;
  email: string;
  name: string;
  iat: number;
  exp: number;
}

export interface SessionUser {
  sessionId: string;
  userId: string;
  orgId: string;
  email: string;
  displayName: string;
}

/**
 * The next-auth JWE, the same token the credentials provider issues to the console. Only
 * lib/sessions calls it: a token without its session row would be refused.
 */
export function issueSessionToken(user: SessionUser): Promise<string> {
  return encode({
    token: {
      sub: user.userId,
      sid: user.sessionId,
      oid: user.orgId,
      email: user.email,
      name: user.displayName,
    },
    secret: getAuthSecret(),
    maxAge: SESSION_MAX_AGE_SEC,
  });
}

export async function decodeSessionToken(token: string): Promise<SessionClaims | null> {
  if (token.length > 8192) return null;
  // Null for anything this secret did not seal (lib/auth/session-jwe.ts never throws).
  const claims = openSessionJwe(token, getAuthSecret());
  if (
    !claims ||
    typeof claims.sub !== "string" ||
    // A token without a session id predates server-side sessions and cannot be revoked: refused.
    typeof claims.sid !== "string" ||
    typeof claims.oid !== "string" ||
    typeof claims.exp !== "number" ||
    claims.exp * 1000 <= Date.now()
  ) {
    return null;
  }
  return {
    sub: claims.sub,
    sid: claims.sid,
    oid: claims.oid,
    email: String(claims.email ?? ""),
    name: String(claims.name ?? ""),
    iat: typeof claims.iat === "number" ? claims.iat : 0,
    exp: claims.exp,
  };
}

export function readCookie(header: string | null, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** Where the request carried its session: the cookie is renewed in place, a Bearer token is not. */
export type SessionSource = "cookie" | "bearer";

export function extractSessionToken(headers: Headers): { token: string; source: SessionSource } | undefined {
  const auth = headers.get("authorization");
  if (auth) {
    const match = /^Bearer\s+(\S+)$/i.exec(auth.trim());
    if (match?.[1]) return { token: match[1], source: "bearer" };
  }
  const cookie = readCookie(headers.get("cookie"), SESSION_COOKIE);
  return cookie ? { token: cookie, source: "cookie" } : undefined;
}

export function sessionCookieHeader(token: string): string {
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=${SESSION_MAX_AGE_SEC}`;
}

export function clearSessionCookieHeader(): string {
  return `${SESSION_COOKIE}=; Path=/; HttpOnly; Secure; SameSite=Lax; Max-Age=0`;
}

export function needsRenewal(claims: SessionClaims, nowSec = Math.floor(Date.now() / 1000)): boolean {
  return nowSec - claims.iat >= SESSION_RENEW_AFTER_SEC;
}
