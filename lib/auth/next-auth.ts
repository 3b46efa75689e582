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

/**
 * next-auth v4, JWT strategy. Its token is the same JWE `POST /v1/auth/login` issues (same secret,
 * same claims: sub, oid, email, name), so the console and the API share one session.
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
            return { id: member.userId, email: member.email, name: member.displayName, oid: member.orgId };
          } catch (err) {
            if (err instanceof ApiError && err.code === "rate_limited") throw new Error("rate_limited");
            if (err instanceof ApiError) return null;
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user && "oid" in user) token.oid = (user as { oid: string }).oid;
        return token;
      },
    },
  };
}
