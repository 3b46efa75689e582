import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { getDb } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { processDueEmails } from "@/lib/email/process-due-emails";
import { LINK_REMOVED } from "@/lib/email/seal";
import { overrideEnvForTests } from "@/lib/env";
import { clearAllRateLimits } from "@/lib/ratelimit/policies";
import { pruneExpired } from "@/lib/retention/run-retention";
import { call } from "./helpers/app";
import { type FakeResend, startFakeResend } from "./helpers/fake-resend";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { linkToken, waitForEmail } from "./helpers/teams";
import { until } from "./helpers/wait";

/**
 * Issue 39.2 (docs/decisions/1011): after sign-up, verification, password reset and org
 * invitations, no table holds a usable link. Tokens are captured where their addressee gets them
 * (the Resend stand-in, or the local mailbox as the addressee reads it) and searched for in every
 * row of every table, whole rows rendered as text (every text and json column at once).
 */

let fake: FakeResend;
let org: TestOrg;
let n = 0;
const address = (what: string) => `${what}${++n}.${Date.now()}@rest.example`;

beforeAll(async () => {
  fake = await startFakeResend();
  org = await createOrg({ name: "At Rest" });
});
afterAll(async () => {
  overrideEnvForTests({});
  await fake.close();
});
afterEach(() => clearAllRateLimits());

/** Every row of every table in the database, as text. */
async function everyRow(): Promise<{ table: string; row: string }[]> {
  const db = await getDb();
  const tables = rowsOf<{ schema: string; name: string }>(
    await db.execute(sql`select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`),
  );
  expect(tables.map((t) => t.name)).toEqual(
    expect.arrayContaining(["emails", "account_tokens", "audit_log"]),
  );
  const out: { table: string; row: string }[] = [];
  for (const t of tables) {
    const rows = rowsOf<{ row: string }>(
      await db.execute(
        sql`select t::text as row from ${sql.identifier(t.schema)}.${sql.identifier(t.name)} t`,
      ),
    );
    for (const r of rows) out.push({ table: `${t.schema}.${t.name}`, row: r.row });
  }
  return out;
}

async function expectNowhere(tokens: string[]): Promise<void> {
  expect(tokens.length).toBeGreaterThan(0);
  for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const rows = await everyRow();
  const found = rows.flatMap((r) => tokens.filter((t) => r.row.includes(t)).map((t) => `${r.table}: ${t}`));
  expect(found).toEqual([]);
}

const signup = (email: string) =>
  call("POST", "/v1/auth/signup", {
    json: { email, password: "a-long-password", display_name: "Rest", org_name: "Rest Org" },
  });
const reset = (email: string) => call("POST", "/v1/auth/password-reset", { json: { email } });
const invite = (email: string) =>
  call("POST", "/v1/workspace/members/invitations", {
    token: org.members.Owner.token,
    json: { email, role: "Developer" },
  });

/** Runs each flow: one link of each kind used, one of each left live. Returns every token seen. */
async function runFlows(read: (to: string, page: string) => Promise<string>): Promise<string[]> {
  const tokens: string[] = [];
  // Sign-up: one verified, one left pending.
  const [a, b] = [address("signup"), address("pending")];
  expect((await signup(a)).status).toBe(202);
  expect((await signup(b)).status).toBe(202);
  const verifyA = await read(a, "verify-email");
  tokens.push(verifyA, await read(b, "verify-email"));
  const verified = await call("POST", "/v1/auth/verify-email", { json: { token: verifyA } });
  expect(verified.status, verified.text).toBe(200);
  // Password reset: one confirmed, one left live.
  const [r1, r2] = [org.members.Billing.email, org.members.Viewer.email];
  expect((await reset(r1)).status).toBe(202);
  expect((await reset(r2)).status).toBe(202);
  const resetR1 = await read(r1, "reset-password");
  tokens.push(resetR1, await read(r2, "reset-password"));
  const confirmed = await call("POST", "/v1/auth/password-reset/confirm", {
    json: { token: resetR1, password: "another-long-password" },
  });
  expect(confirmed.status, confirmed.text).toBe(204);
  // Org invitations: one accepted, one left pending.
  const [i1, i2] = [address("invitee"), address("invitee")];
  expect((await invite(i1)).status).toBe(201);
  expect((await invite(i2)).status).toBe(201);
  const acceptI1 = await read(i1, "accept-invite");
  tokens.push(acceptI1, await read(i2, "accept-invite"));
  const accepted = await call("POST", "/v1/auth/invitations/accept", {
    json: { token: acceptI1, display_name: "Joiner", password: "a-long-password-2" },
  });
  expect(accepted.status, accepted.text).toBe(200);
  return tokens;
}

describe("no recoverable account secrets at rest", () => {
  it("through Resend: the emails sent carry working links; no table keeps one, nor a sealed body", async () => {
    overrideEnvForTests({ SVC_SIGNUP: "open", RESEND_API_KEY: "re_rest_key", RESEND_BASE_URL: fake.url });
    const started = new Date();
    const fromResend = async (to: string, page: string) => {
      await waitForEmail(to, { after: started });
      await until(`a sent email to ${to}`, async () => {
        await processDueEmails(await getDb(), new Date());
        return fake.received.some(
          (e) => e.body.to === to || (Array.isArray(e.body.to) && e.body.to.includes(to)),
        );
      });
      const sent = [...fake.received].reverse().find((e) => JSON.stringify(e.body.to).includes(to));
      return linkToken(sent?.body.text ?? "", page);
    };
    const tokens = await runFlows(fromResend);
    await expectNowhere(tokens);
    const db = await getDb();
    const kept = await db.select().from(emails).where(eq(emails.kind, "account"));
    const linked = kept.filter((e) => e.text.includes(LINK_REMOVED));
    expect(linked.length).toBeGreaterThanOrEqual(6);
    // Sent through Resend: the provider has it, the sealed copy is gone.
    for (const e of linked) expect(e).toMatchObject({ state: "sent", sealedBody: null, sealedUntil: null });
  });

  it("through the local mailbox: the addressee reads the link; the database holds it only sealed, purged at expiry", async () => {
    overrideEnvForTests({ SVC_SIGNUP: "open" });
    const started = new Date();
    const fromMailbox = async (to: string, page: string) => {
      // The previous test emailed the same members: only this test's emails count.
      const mail = await waitForEmail(to, { after: started });
      await processDueEmails(await getDb(), new Date());
      return linkToken(mail.text, page);
    };
    const tokens = await runFlows(fromMailbox);
    await expectNowhere(tokens);
    const db = await getDb();
    const linked = (await db.select().from(emails).where(eq(emails.kind, "account"))).filter(
      (e) => e.createdAt >= started && e.text.includes(LINK_REMOVED),
    );
    expect(linked).toHaveLength(6);
    // The three links used are purged with their use; the three left live stay sealed.
    const sealed = linked.filter((e) => e.sealedBody !== null);
    expect(sealed).toHaveLength(3);
    for (const e of linked.filter((l) => l.sealedBody === null)) {
      expect(e).toMatchObject({ sealedUntil: null, sealedLinkHash: null });
    }
    for (const e of sealed) {
      expect(e.sealedBody).toMatch(/^v1\./);
      expect(e.text).toContain(LINK_REMOVED);
      expect(e.html).toContain(LINK_REMOVED);
    }
    // Past the longest link's life (7 days), retention purges every sealed body; the copies stay.
    const { counts } = await pruneExpired(new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(counts.sealed_email_bodies).toBeGreaterThanOrEqual(3);
    const after = await db.select().from(emails).where(eq(emails.kind, "account"));
    expect(after.filter((e) => e.sealedBody !== null)).toEqual([]);
    expect(after.length).toBeGreaterThanOrEqual(sealed.length);
  });
});
