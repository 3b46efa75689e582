import { createRequire } from "node:module";
import path from "node:path";
import type { AuthOptions } from "next-auth";
import { beforeAll, describe, expect, it } from "vitest";
import { authOptions } from "@/lib/auth/next-auth";
import { BASE, call } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD, type TestOrg } from "./helpers/fixtures";

/**
 * Issue 39 item 5 (docs/decisions/1056): next-auth's `/api/auth/session` answers nothing about a
 * session that ended on the server and clears its cookie instead of re-issuing it; next-auth's own
 * cookies are Secure.
 */
let org: TestOrg;
beforeAll(async () => {
  org = await createOrg();
});

async function signIn(email: string): Promise<string> {
  const res = await call("POST", "/v1/auth/login", { json: { email, password: FIXTURE_PASSWORD } });
  expect(res.status).toBe(200);
  const cookie = /svc_session=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  expect(cookie).toBeTruthy();
  return cookie ?? "";
}

/**
 * next-auth's core with our options (the route handler around it needs Next's request scope for
 * `cookies()`, which exists only inside a running server).
 */
interface CoreCookie {
  name: string;
  value: string;
  options: { secure?: boolean; maxAge?: number };
}
type Core = (p: { req: Request; options: AuthOptions }) => Promise<{
  body?: Record<string, unknown>;
  cookies?: CoreCookie[];
}>;
// The package does not export its core; the file is loaded by path.
const { AuthHandler } = createRequire(import.meta.url)(
  path.resolve("node_modules/next-auth/core/index.js"),
) as { AuthHandler: Core };

async function nextAuth(action: string, headers: Record<string, string> = {}) {
  const res = await AuthHandler({
    req: new Request(`${BASE}/api/auth/${action}`, { headers }),
    options: authOptions(),
  });
  const cookies = res.cookies ?? [];
  return { body: res.body ?? {}, text: JSON.stringify(res.body ?? {}), cookies };
}

const session = (cookie: string) => nextAuth("session", { cookie: `svc_session=${cookie}` });

describe("GET /api/auth/session", () => {
  it("answers a live session with its user", async () => {
    const cookie = await signIn(org.members.Admin.email);
    const res = await session(cookie);
    expect(res.body).toMatchObject({ user: { email: org.members.Admin.email } });
    // Re-issued (sliding), Secure.
    const issued = res.cookies.find((c) => c.name === "svc_session");
    expect(issued?.value.length).toBeGreaterThan(40);
    expect(issued?.options.secure).toBe(true);
  });

  it("answers {} for a logged-out cookie and clears it instead of re-issuing it", async () => {
    const { email, displayName } = { email: org.members.Member.email, displayName: "" };
    const cookie = await signIn(email);
    const out = await call("POST", "/v1/auth/logout", { headers: { cookie: `svc_session=${cookie}` } });
    expect(out.status).toBe(204);
    const res = await session(cookie);
    expect(res.body).toEqual({});
    expect(res.text).not.toContain(email);
    if (displayName) expect(res.text).not.toContain(displayName);
    // The only svc_session cookie set is an empty, expired one.
    const set = res.cookies.filter((c) => c.name === "svc_session");
    expect(set).toHaveLength(1);
    expect(set[0]?.value).toBe("");
    expect(set[0]?.options.maxAge).toBe(0);
  });

  it("sets next-auth's own cookies Secure and host-locked", async () => {
    const res = await nextAuth("csrf");
    expect(res.cookies.length).toBeGreaterThan(0);
    for (const c of res.cookies) expect(c.options.secure, c.name).toBe(true);
    expect(res.cookies.map((c) => c.name)).toContain("__Host-next-auth.csrf-token");
  });
});
