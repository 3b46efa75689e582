import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import type { DevMailboxItem } from "@/lib/email/dev-mailbox";
import { getMailboxEmail, listMailbox } from "@/lib/email/list-mailbox";
import { processDueEmails } from "@/lib/email/process-due-emails";
import { LINK_REMOVED } from "@/lib/email/seal";
import { overrideEnvForTests } from "@/lib/env";
import { stampPeer } from "@/lib/http/client-ip";
import type { Identity } from "@/lib/identity/identity-schema";
import { log } from "@/lib/log/logger";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { type CallOptions, call, expectProblem } from "./helpers/app";
import { createOrg } from "./helpers/fixtures";
import { linkToken, login, waitForEmail } from "./helpers/teams";

/**
 * Issue 33.3 (docs/decisions/1010, 1012): account emails are readable without Resend, by whom
 * they concern: the console Mailbox for signed-in members, GET /dev/mailbox and `npm run mailbox`
 * for signed-out people in development, and a log line naming the link in development.
 */

const DEV = { SVC_SIGNUP: "open", NODE_ENV: "development" } as const;
let n = 0;
const address = (what: string) => `${what}${++n}.${Date.now()}@mailbox.example`;

const devMailbox = (to: string, opts: CallOptions = {}) =>
  call<{ items: DevMailboxItem[] }>("GET", "/dev/mailbox", { ...opts, query: { to, ...opts.query } });

/** The newest link to `to`, as a signed-out person reads it: the development mailbox. */
async function newestLink(to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await devMailbox(to);
    expect(res.status, res.text).toBe(200);
    const link = res.body.items.find((e) => e.link)?.link;
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`no link to ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

afterEach(async () => {
  vi.restoreAllMocks();
  overrideEnvForTests({});
  await clearAllRateLimits();
});

describe("a new customer finishes sign-up and password reset without Resend", () => {
  it("signs up, follows the emailed link from the development mailbox, resets the password the same way", async () => {
    overrideEnvForTests(DEV);
    const email = address("newcomer");
    const signup = await call("POST", "/v1/auth/signup", {
      json: { email, password: "first-long-password", display_name: "New", org_name: "New Co" },
    });
    expect(signup.status, signup.text).toBe(202);
    const verifyLink = await newestLink(email);
    expect(verifyLink).toMatch(/^http:\/\/localhost:3000\/verify-email\/[A-Za-z0-9_-]{43}$/);
    const verified = await call<Identity>("POST", "/v1/auth/verify-email", {
      json: { token: linkToken(verifyLink, "verify-email") },
    });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.body).toMatchObject({ email, org: { name: "New Co", role: "Owner" } });
    // A used link is purged with its use: the mailbox no longer shows it.
    expect((await devMailbox(email)).body.items.map((e) => e.link)).toEqual([null]);

    const reset = await call("POST", "/v1/auth/password-reset", { json: { email } });
    expect(reset.status).toBe(202);
    let resetLink = verifyLink;
    const deadline = Date.now() + 10_000;
    while (resetLink === verifyLink || !resetLink.includes("/reset-password/")) {
      if (Date.now() > deadline) throw new Error("no reset link");
      resetLink = await newestLink(email);
    }
    const confirmed = await call("POST", "/v1/auth/password-reset/confirm", {
      json: { token: linkToken(resetLink, "reset-password"), password: "second-long-password" },
    });
    expect(confirmed.status, confirmed.text).toBe(204);
    expect((await login(email, "second-long-password")).status).toBe(200);
    expect((await login(email, "first-long-password")).status).toBe(401);
  });

  it("in development the server log names the link when the local mailbox takes an account email", async () => {
    overrideEnvForTests(DEV);
    const info = vi.spyOn(log, "info");
    const email = address("logged");
    await call("POST", "/v1/auth/signup", {
      json: { email, password: "first-long-password", display_name: "Log", org_name: "Log Co" },
    });
    const link = await newestLink(email);
    await processDueEmails(await getDb(), new Date());
    const lines = info.mock.calls.map(([msg]) => msg);
    expect(lines.filter((m) => m.includes(link))).toHaveLength(1);
    expect(lines.find((m) => m.includes(link))).toContain(email);
  });

  it("outside development the log never names a link", async () => {
    overrideEnvForTests({ SVC_SIGNUP: "open" });
    const info = vi.spyOn(log, "info");
    const email = address("quiet");
    await call("POST", "/v1/auth/signup", {
      json: { email, password: "first-long-password", display_name: "Q", org_name: "Q Co" },
    });
    const mail = await waitForEmail(email);
    await processDueEmails(await getDb(), new Date());
    const token = linkToken(mail.text, "verify-email");
    expect(JSON.stringify(info.mock.calls)).not.toContain(token);
  });
});

describe("GET /dev/mailbox", () => {
  it("answers only in development, only with the local mailbox, only a loopback socket", async () => {
    const email = address("door");
    // Tests run with NODE_ENV=test: the door does not exist.
    expectProblem(await devMailbox(email), 404, "not_found");
    overrideEnvForTests(DEV);
    expect((await devMailbox(email)).status).toBe(200);
    expect((await devMailbox(email, { peer: "::1" })).status).toBe(200);
    expectProblem(await devMailbox(email, { peer: "203.0.113.7" }), 404, "not_found");
    expectProblem(await devMailbox(email, { peer: null }), 404, "not_found");
    // A trusted proxy's forwarded address is believed for rate limits, never for this door.
    overrideEnvForTests({ ...DEV, SVC_TRUSTED_PROXIES: "203.0.113.0/24" });
    expectProblem(
      await devMailbox(email, { peer: "203.0.113.7", headers: { "x-forwarded-for": "127.0.0.1" } }),
      404,
      "not_found",
    );
    overrideEnvForTests({ ...DEV, RESEND_API_KEY: "re_real_key" });
    expectProblem(await devMailbox(email), 404, "not_found");
    overrideEnvForTests({ ...DEV, NODE_ENV: "production", NEXTAUTH_SECRET: "x".repeat(40) });
    expectProblem(await devMailbox(email), 404, "not_found");
  });

  it("validates its query, and lists nothing for an address without emails", async () => {
    overrideEnvForTests(DEV);
    expectProblem(await devMailbox("not-an-address"), 422, "validation_failed");
    expectProblem(await call("GET", "/dev/mailbox"), 422, "validation_failed");
    expectProblem(await devMailbox("a@b.example", { query: { limit: 0 } }), 422, "validation_failed");
    expect((await devMailbox("nobody@mailbox.example")).body).toEqual({ items: [] });
    expectProblem(await call("POST", "/dev/mailbox", { json: {} }), 405, "method_not_allowed");
  });
});

describe("the console Mailbox shows members the emails addressed to them", () => {
  it("a member sees their own account emails (no org, or another org's) with the link; others see no link", async () => {
    overrideEnvForTests({ SVC_SIGNUP: "open" });
    const db = await getDb();
    const acme = await createOrg();
    const other = await createOrg();
    const viewer = acme.members.Viewer;
    // A reset (stored with no org) and an invitation from another org, both to Acme's Viewer.
    expect((await call("POST", "/v1/auth/password-reset", { json: { email: viewer.email } })).status).toBe(
      202,
    );
    await waitForEmail(viewer.email);
    const invited = await call("POST", "/v1/workspace/members/invitations", {
      token: other.members.Owner.token,
      json: { email: viewer.email, role: "Member" },
    });
    expect(invited.status, invited.text).toBe(201);
    const inbox = await listMailbox(db, { orgId: acme.id, email: viewer.email });
    expect(inbox.map((e) => e.subject)).toEqual(
      expect.arrayContaining([expect.stringContaining("Reset"), expect.stringContaining("invited you")]),
    );
    for (const entry of inbox) {
      const opened = await getMailboxEmail(db, { orgId: acme.id, email: viewer.email }, entry.id);
      expect(opened?.text).toMatch(/\/(reset-password|accept-invite)\/[A-Za-z0-9_-]{43}/);
      expect(opened?.text).not.toContain(LINK_REMOVED);
    }
    // Before, these were stored with no org (or another org's) and no page showed them.
    const acmeOwner = { orgId: acme.id, email: acme.members.Owner.email, includeAccount: true };
    const ownerSees = new Set((await listMailbox(db, acmeOwner)).map((e) => e.id));
    expect(inbox.filter((e) => ownerSees.has(e.id))).toEqual([]);
    for (const entry of inbox) expect(await getMailboxEmail(db, acmeOwner, entry.id)).toBeNull();
    // The inviting org's Owner sees its invitation (and may pass the link on); its Developer does not.
    const invitation = inbox.find((e) => e.subject.includes("invited you"));
    if (!invitation) throw new Error("no invitation");
    const inviter = { orgId: other.id, email: other.members.Owner.email, includeAccount: true };
    expect((await getMailboxEmail(db, inviter, invitation.id))?.text).toContain("/accept-invite/");
    const developer = { orgId: other.id, email: other.members.Developer.email, includeAccount: false };
    expect(await getMailboxEmail(db, developer, invitation.id)).toBeNull();
  });
});

describe("npm run mailbox", () => {
  let server: http.Server;
  let url: string;
  const SCRIPT = path.resolve("scripts/mailbox.mts");

  beforeAll(async () => {
    // The route itself behind a real socket, stamped by the server hook as `next dev` would be.
    const route = await import("@/app/dev/mailbox/route");
    server = http.createServer((req, res) => {
      stampPeer(req);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      const request = new Request(new URL(req.url ?? "/", "http://localhost"), { headers });
      void route.GET(request, { params: Promise.resolve({}) }).then(async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** The command as `npm run -s mailbox -- …` runs it, on the server's socket (no DATABASE_URL). */
  function mailbox(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
    const { DATABASE_URL: _unused, ...rest } = process.env;
    const child = spawn(process.execPath, ["--import", "tsx", SCRIPT, ...args, "--url", url], {
      env: rest,
      stdio: "pipe",
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c: Buffer) => {
      stdout += c.toString();
    });
    child.stderr.on("data", (c: Buffer) => {
      stderr += c.toString();
    });
    return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  }

  it("prints the newest emails, and with --link only the newest link", async () => {
    overrideEnvForTests(DEV);
    const email = address("command");
    await call("POST", "/v1/auth/signup", {
      json: { email, password: "first-long-password", display_name: "Cmd", org_name: "Cmd Co" },
    });
    const link = await newestLink(email);
    const only = await mailbox(["--to", email, "--link"]);
    expect(only).toMatchObject({ code: 0, stdout: `${link}\n` });
    const all = await mailbox(["--to", email.toUpperCase()]);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain("Confirm your email");
    expect(all.stdout).toContain(`Link: ${link}`);
    const none = await mailbox(["--to", "nobody@mailbox.example"]);
    expect(none).toMatchObject({ code: 0, stdout: "No emails to nobody@mailbox.example yet.\n" });
  }, 180_000);

  it("says why when the server has no development mailbox, and refuses bad arguments", async () => {
    overrideEnvForTests({});
    const closed = await mailbox(["--to", "a@mailbox.example", "--link"]);
    expect(closed.code).toBe(1);
    expect(closed.stdout).toBe("");
    expect(closed.stderr).toContain("npm run dev");
    const bad = await mailbox(["--to", "nope"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("Usage");
  }, 180_000);
});
