import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { recordSignIn } from "@/lib/audit/record-audit";
import { verifyLogin } from "@/lib/auth/login";
import { loginBody } from "@/lib/auth/login-schema";
import { readCookie, SESSION_COOKIE, SESSION_MAX_AGE_SEC, SESSION_RENEW_AFTER_SEC } from "@/lib/auth/session";
import { DEVICE_COOKIE } from "@/lib/auth/two-factor/remembered-devices";
import { getDb } from "@/lib/db";
import { clientIp } from "@/lib/http/client-ip";
import { ApiError } from "@/lib/http/errors";
import { loadSessionMember } from "@/lib/identity/load-member";
import { log } from "@/lib/log/logger";
import { getAuthSecret } from "@/lib/secrets";
import { endSession } from "@/lib/sessions/end-sessions";
import { extendSession } from "@/lib/sessions/renew-session";
import { startSession } from "@/lib/sessions/start-session";

class SessionEndedError extends Error {
  override name = "SessionEndedError";
  constructor() {
    super("the session ended on the server");
  }
}

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
    // next-auth's own cookies (CSRF token, callback URL) are Secure and host-locked like the session
    // cookie, whatever URL it guesses for the deployment (docs/decisions/1056): browsers keep Secure
    // cookies on https and on http://localhost, the only places the session cookie works anyway.
    useSecureCookies: true,
    cookies: {
      sessionToken: {
        name: SESSION_COOKIE,
        options: { httpOnly: true, sameSite: "lax", path: "/", secure: true },
      },
    },
    logger: {
      error(code, metadata) {
        // A session that ended on the server is an expected answer, not a fault.
        const err = metadata instanceof Error ? metadata : metadata?.error;
        if (err instanceof SessionEndedError) return;
        log.error(`next-auth ${code}`, { err });
      },
      warn(code) {
        log.warn(`next-auth ${code}`);
      },
      debug() {},
    },
    pages: { signIn: "/login", error: "/login" },
    providers: [
      CredentialsProvider({
        name: "Email and password",
        credentials: {
          email: { label: "Email", type: "email" },
          password: { label: "Password", type: "password" },
          otp: { label: "Authentication code", type: "text" },
          recovery_code: { label: "Recovery code", type: "text" },
        },
        async authorize(credentials, req) {
          // Form fields arrive as strings, empty when left out.
          const given = (k: "otp" | "recovery_code") => (credentials?.[k] ? credentials[k] : undefined);
          const parsed = loginBody.safeParse({
            email: credentials?.email,
            password: credentials?.password,
            otp: given("otp"),
            recovery_code: given("recovery_code"),
          });
          if (!parsed.success) return null;
          const headers = (req?.headers ?? {}) as Record<string, string | undefined>;
          // The same trusted source as every other IP limit and the API's sign-in.
          const ip = clientIp(headers);
          const userAgent = headers["user-agent"]?.slice(0, 512) ?? null;
          try {
            const db = await getDb();
            const { member, secondFactor } = await verifyLogin(db, {
              ...parsed.data,
              deviceToken: readCookie(headers.cookie ?? null, DEVICE_COOKIE),
              ip,
            });
            await recordSignIn(db, member, { ip, userAgent, requestId: null }, "console", secondFactor);
            const { sessionId } = await startSession(db, member, new Date(), { ip, userAgent });
            return {
              id: member.userId,
              email: member.email,
              name: member.displayName,
              oid: member.orgId,
              sid: sessionId,
            };
          } catch (err) {
            if (
              err instanceof ApiError &&
              (err.code === "rate_limited" ||
                err.code === "sign_in_proof_required" ||
                err.code === "email_not_confirmed" ||
                err.code === "second_factor_required" ||
                err.code === "invalid_second_factor" ||
                err.code === "second_factor_replayed")
            )
              throw new Error(err.code);
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
          return token;
        }
        // `/api/auth/session` decodes a cookie whose session may have ended on the server (logout,
        // password change or reset, removal): throwing here makes next-auth answer `{}` and clear
        // the cookie instead of re-issuing it with the user's name and email (docs/decisions/1056).
        const member =
          typeof token.sid === "string" && typeof token.sub === "string"
            ? await loadSessionMember(await getDb(), { sid: token.sid, sub: token.sub })
            : null;
        if (!member) throw new SessionEndedError();
        token.name = member.displayName;
        token.email = member.email;
        if (
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
