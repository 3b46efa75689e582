import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { recordSignIn } from "@/lib/audit/record-audit";
import { verifyLogin } from "@/lib/auth/login";
import { loginBody } from "@/lib/auth/login-schema";
import { SESSION_COOKIE, SESSION_MAX_AGE_SEC, SESSION_RENEW_AFTER_SEC } from "@/lib/auth/session";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { getAuthSecret } from "@/lib/secrets";
import { endSession } from "@/lib/sessions/end-sessions";
import { extendSession } from "@/lib/sessions/renew-session";
import { startSession } from "@/lib/sessions/start-session";

/**
 * next-auth v4, JWT strategy. Its token is the same JWE `POST /v1/auth/login` issues (same secret,
 * same claims: sub, sid, oid, email, name), so the console and the API share one session, and its
 * server-side row (lib/sessions) is created at sign-in and deleted at sign-out.
 */
export function authOptions(): NextAuthOptions {
  return {
    secret: getAuthSecret(),
    session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SEC, updateAge: SESSION_RENEW_AFTER_SEC },
    jwt: { maxAge: SESSION_MAX_AGE_SEC },
    cookies: {
      sessionToken: {
        name: SESSION_COOKIE,
        options: { httpOnly: true, sameSite: "lax", path: "/", secure: true },
      },
    },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
        },
        async authorize(credentials, req) {
          const parsed = loginBody.safeParse(credentials ?? {});
          if (!parsed.success) return null;
          const headers = (req?.headers ?? {}) as Record<string, string | undefined>;
          // The same trusted source as every other IP limit and the API's sign-in.
          const ip = clientIp(headers);
          try {
            const db = await getDb();
            const member = await verifyLogin(db, { ...parsed.data, ip });
            await recordSignIn(
              db,
              member,
              { ip, userAgent: headers["user-agent"]?.slice(0, 512) ?? null, requestId: null },
              "console",
            );
            const { sessionId } = await startSession(db, member);
            return {
              id: member.userId,
              email: member.email,
              name: member.displayName,
              oid: member.orgId,
              sid: sessionId,
            };
          } catch (err) {
            if (err instanceof ApiError && err.code === "rate_limited") throw new Error("rate_limited");
            if (err instanceof ApiError) return null;
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      async jwt({ token, user }) {
        if (user && "oid" in user && "sid" in user) {
          const signedIn = user as { oid: string; sid: string };
          token.oid = signedIn.oid;
          token.sid = signedIn.sid;
        } else if (
          typeof token.sid === "string" &&
          typeof token.iat === "number" &&
          Date.now() / 1000 - token.iat >= SESSION_RENEW_AFTER_SEC
        ) {
          // next-auth is about to re-issue the cookie: the session row's expiry moves with it.
          await extendSession(await getDb(), token.sid);
        }
        return token;
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid === "string" && typeof token.sub === "string") {
          await endSession(await getDb(), token.sid, token.sub);
        }
      },
    },
  };
}
