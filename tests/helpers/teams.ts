import { and, desc, eq } from "drizzle-orm";
import { emails } from "@/db/schema";
import { getDb } from "@/lib/db";
import { unsealBody } from "@/lib/email/seal";
import type { Identity } from "@/lib/identity/identity-schema";
import { type CallResult, call } from "./app";

/** The session token a sign-in-like answer set in `svc_session`. */
export function sessionToken(res: CallResult): string {
  const cookie = res.headers.get("set-cookie") ?? "";
  const token = /svc_session=([^;]+)/.exec(cookie)?.[1];
  if (!token) throw new Error(`no session cookie in ${res.status} ${res.text}`);
  return token;
}

export function login(email: string, password: string) {
  return call<Identity>("POST", "/v1/auth/login", { json: { email, password } });
}

export async function loginToken(email: string, password: string): Promise<string> {
  const res = await login(email, password);
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${res.text}`);
  return sessionToken(res);
}

/**
 * The newest email to an address, waited for with a deadline (some are queued after the response),
 * with the body its addressee reads (link included).
 */
export async function waitForEmail(to: string, opts: { after?: Date; timeoutMs?: number } = {}) {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const db = await getDb();
  for (;;) {
    const [row] = await db
      .select()
      .from(emails)
      .where(and(eq(emails.to, to)))
      .orderBy(desc(emails.createdAt))
      .limit(1);
    // As its addressee reads it: the body with its link is stored sealed (lib/email/seal.ts).
    const body = unsealBody(row?.sealedBody ?? null);
    if (row && (!opts.after || row.createdAt >= opts.after))
      return body ? { ...row, html: body.html, text: body.text } : row;
    if (Date.now() > deadline) throw new Error(`no email to ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The token of the first `/<page>/<token>` link in an email's text. */
export function linkToken(text: string, page: string): string {
  const m = new RegExp(`/${page}/([A-Za-z0-9_-]+)`).exec(text);
  if (!m?.[1]) throw new Error(`no ${page} link in: ${text}`);
  return m[1];
}

/**
 * Fresh single-use links and a removable member, written straight to the database, for tests that
 * must reach the success path of every account endpoint (the fuzz, the OpenAPI examples).
 */
export async function freshAccountLinks(orgId: string, resetUserId: string, resetEmail: string) {
  const { accountTokens, memberships, orgInvitations, users } = await import("@/db/schema");
  const { newLinkToken } = await import("@/lib/accounts/link-token");
  const { newId } = await import("@/lib/ids");
  const db = await getDb();
  const now = Date.now();
  const later = new Date(now + 3600_000);
  const signup = newLinkToken();
  const signupEmail = `signup-${newId("user").slice(-10).toLowerCase()}@example.test`;
  await db.insert(accountTokens).values({
    id: newId("accountToken"),
    kind: "signup",
    tokenHash: signup.hash,
    email: signupEmail,
    data: { displayName: "Fuzzy", orgName: "Fuzz Org", passwordHash: "scrypt$1$1$1$x$y" },
    expiresAt: later,
  });
  const reset = newLinkToken();
  await db.insert(accountTokens).values({
    id: newId("accountToken"),
    kind: "password_reset",
    tokenHash: reset.hash,
    email: resetEmail,
    userId: resetUserId,
    expiresAt: later,
  });
  const invite = newLinkToken();
  const invitationId = newId("invitation");
  await db.insert(orgInvitations).values({
    id: invitationId,
    orgId,
    email: `invitee-${invitationId.slice(-10).toLowerCase()}@example.test`,
    role: "Viewer",
    tokenHash: invite.hash,
    expiresAt: later,
  });
  const memberId = newId("user");
  await db.insert(users).values({
    id: memberId,
    email: `member-${memberId.slice(-10).toLowerCase()}@example.test`,
    displayName: "Removable",
    passwordHash: "scrypt$1$1$1$x$y",
  });
  await db.insert(memberships).values({ orgId, userId: memberId, role: "Viewer" });
  return {
    signupToken: signup.token,
    resetToken: reset.token,
    inviteToken: invite.token,
    invitationId,
    memberId,
  };
}
