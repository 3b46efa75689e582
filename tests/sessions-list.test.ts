import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, sessions } from "@/db/schema";
import { getDb } from "@/lib/db";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { describeDevice } from "@/lib/sessions/describe-device";
import { TOUCH_EVERY_MS } from "@/lib/sessions/touch-session";
import { call, expectProblem } from "./helpers/app";
import { createOrg, FIXTURE_PASSWORD } from "./helpers/fixtures";
import { sessionToken } from "./helpers/teams";

interface SessionItem {
  id: string;
  device: string;
  user_agent: string | null;
  ip: string | null;
  org: { id: string; name: string };
  created_at: string;
  last_seen_at: string | null;
  expires_at: string;
  current: boolean;
}

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

async function signIn(email: string, userAgent: string, peer: string): Promise<string> {
  const res = await call("POST", "/v1/auth/login", {
    json: { email, password: FIXTURE_PASSWORD },
    headers: { "user-agent": userAgent },
    peer,
  });
  expect(res.status).toBe(200);
  return sessionToken(res);
}

const list = (token: string) => call<{ items: SessionItem[] }>("GET", "/v1/workspace/me/sessions", { token });
const me = (token: string) => call("GET", "/v1/workspace/me", { token });

async function actions(orgId: string): Promise<string[]> {
  const rows = await (await getDb()).select().from(auditLog).where(eq(auditLog.orgId, orgId));
  return rows.map((r) => r.action);
}

beforeEach(async () => {
  await clearAllRateLimits();
});

describe("sessions you can see", () => {
  it("lists the caller's sessions with device, address, times and which is current; nobody else's", async () => {
    const org = await createOrg();
    const m = org.members.Developer;
    const laptop = await signIn(m.email, CHROME_MAC, "198.51.100.7");
    const phone = await signIn(
      m.email,
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1",
      "203.0.113.9",
    );
    const res = await list(laptop);
    expect(res.status).toBe(200);
    const items = res.body.items;
    // The fixture's session plus the two sign-ins; another member's never.
    expect(items).toHaveLength(3);
    const current = items.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({
      device: "Chrome on macOS",
      ip: "198.51.100.7",
      user_agent: CHROME_MAC,
    });
    expect(current[0]?.org).toEqual({ id: org.id, name: org.name });
    expect(items.find((s) => s.ip === "203.0.113.9")?.device).toBe("Safari on iOS");
    for (const s of items) {
      expect(s.id).toMatch(/^ses_/);
      expect(Date.parse(s.expires_at)).toBeGreaterThan(Date.now());
    }
    const fromPhone = await list(phone);
    expect(fromPhone.body.items.find((s) => s.current)?.ip).toBe("203.0.113.9");
    const other = await list(org.members.Viewer.token);
    expect(other.body.items.map((s) => s.id)).not.toContain(current[0]?.id);
  });

  it("last seen moves with use, at most every few minutes", async () => {
    const org = await createOrg();
    const token = await signIn(org.members.Member.email, "curl/8.5.0", "192.0.2.1");
    const db = await getDb();
    const old = new Date(Date.now() - TOUCH_EVERY_MS - 60_000);
    await db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.userId, org.members.Member.userId));
    await me(token);
    const [s] = (await list(token)).body.items.filter((i) => i.current);
    expect(Date.parse(s?.last_seen_at ?? "")).toBeGreaterThan(old.getTime() + 60_000);
    expect(s?.device).toBe("curl");
  });

  it("ends one session at once (cookie and Bearer), audited; another person's session is 404", async () => {
    const org = await createOrg();
    const m = org.members.Admin;
    const keep = await signIn(m.email, CHROME_MAC, "198.51.100.1");
    const lost = await signIn(m.email, CHROME_MAC, "198.51.100.2");
    const lostId = (await list(lost)).body.items.find((s) => s.current)?.id as string;
    expect((await call("DELETE", `/v1/workspace/me/sessions/${lostId}`, { token: keep })).status).toBe(204);
    expectProblem(await me(lost), 401, "unauthenticated");
    expectProblem(
      await call("GET", "/v1/workspace/me", { headers: { cookie: `svc_session=${lost}` } }),
      401,
      "unauthenticated",
    );
    expect((await me(keep)).status).toBe(200);
    expect(await actions(org.id)).toContain("auth.session_ended");
    // Gone already, or someone else's: 404 and nothing ends.
    expectProblem(
      await call("DELETE", `/v1/workspace/me/sessions/${lostId}`, { token: keep }),
      404,
      "not_found",
    );
    const viewerId = (await list(org.members.Viewer.token)).body.items[0]?.id as string;
    expectProblem(
      await call("DELETE", `/v1/workspace/me/sessions/${viewerId}`, { token: keep }),
      404,
      "not_found",
    );
    expect((await me(org.members.Viewer.token)).status).toBe(200);
    expectProblem(
      await call("DELETE", "/v1/workspace/me/sessions/nonsense", { token: keep }),
      404,
      "not_found",
    );
  });

  it("ending the current session signs this client out", async () => {
    const org = await createOrg();
    const token = await signIn(org.members.Billing.email, CHROME_MAC, "198.51.100.3");
    const id = (await list(token)).body.items.find((s) => s.current)?.id as string;
    const res = await call("DELETE", `/v1/workspace/me/sessions/${id}`, { token });
    expect(res.status).toBe(204);
    expect(res.headers.get("set-cookie")).toContain("Max-Age=0");
    expectProblem(await me(token), 401, "unauthenticated");
  });

  it("an Owner or Admin ends a member's sessions in this org; only an Owner ends an Owner's; audited", async () => {
    const org = await createOrg();
    const other = await createOrg();
    const dev = org.members.Developer;
    const a = await signIn(dev.email, CHROME_MAC, "198.51.100.4");
    const path = (userId: string) => `/v1/workspace/members/${userId}/sessions`;
    expectProblem(
      await call("DELETE", path(dev.userId), { token: org.members.Developer.token }),
      403,
      "forbidden_workspace_role",
    );
    expect((await call("DELETE", path(dev.userId), { token: org.members.Admin.token })).status).toBe(204);
    for (const t of [a, dev.token]) expectProblem(await me(t), 401, "unauthenticated");
    // Still a member: they sign in again.
    expect(
      (await call("POST", "/v1/auth/login", { json: { email: dev.email, password: FIXTURE_PASSWORD } }))
        .status,
    ).toBe(200);
    const entry = (await (await getDb()).select().from(auditLog).where(eq(auditLog.orgId, org.id))).find(
      (r) => r.action === "member.sessions_ended",
    );
    expect(entry).toMatchObject({ targetId: dev.userId, metadata: { sessions: 2 } });
    expectProblem(
      await call("DELETE", path(org.members.Owner.userId), { token: org.members.Admin.token }),
      403,
      "forbidden_workspace_role",
    );
    expect((await me(org.members.Owner.token)).status).toBe(200);
    // Another org's member is 404, and keeps their sessions.
    expectProblem(
      await call("DELETE", path(other.members.Viewer.userId), { token: org.members.Owner.token }),
      404,
      "not_found",
    );
    expect((await me(other.members.Viewer.token)).status).toBe(200);
  });

  it("names devices people recognise", () => {
    expect(describeDevice(null)).toBe("Unknown device");
    expect(describeDevice("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox on Linux",
    );
    expect(
      describeDevice(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toBe("Edge on Windows");
    expect(describeDevice("something")).toBe("Unknown device");
  });
});
