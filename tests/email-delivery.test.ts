import { asc, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { getDb } from "@/lib/db";
import { CAP_WINDOW_MS, RELEASE_SPACING_MS, SEND_CAP } from "@/lib/email/cap";
import { claimDueEmails, EMAIL_LEASE_MS } from "@/lib/email/claim-emails";
import { MAX_EMAIL_ATTEMPTS } from "@/lib/email/deliver-email";
import { processDueEmails } from "@/lib/email/process-due-emails";
import { env, overrideEnvForTests } from "@/lib/env";
import type { InvitationResult } from "@/lib/invitations/invitation-schema";
import { startJobs, stopJobs } from "@/lib/jobs/start-jobs";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call } from "./helpers/app";
import { type FakeResend, startFakeResend } from "./helpers/fake-resend";
import { createOrg, type TestOrg } from "./helpers/fixtures";
import { until } from "./helpers/wait";

const RESEND_KEY = "re_test_key_123";
let fake: FakeResend;

beforeAll(async () => {
  fake = await startFakeResend();
});
afterAll(async () => {
  await stopJobs();
  await fake.close();
});
afterEach(async () => {
  await stopJobs();
  overrideEnvForTests({});
});

const useFakeResend = () => overrideEnvForTests({ RESEND_API_KEY: RESEND_KEY, RESEND_BASE_URL: fake.url });

async function orgWithRoom(): Promise<{ org: TestOrg; room: RoomDto }> {
  const org = await createOrg();
  const res = await call<RoomDto>("POST", "/v1/workspace/rooms", {
    token: org.members.Owner.token,
    json: { project_id: org.projectId, name: "Standup" },
  });
  return { org, room: res.body };
}

async function invite(org: TestOrg, room: RoomDto, recipients: string[], note?: string) {
  const res = await call<InvitationResult>("POST", "/v1/workspace/meet/invitations", {
    token: org.members.Developer.token,
    json: { room_id: room.short_code, recipients, note },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function rowsTo(domain: string) {
  const db = await getDb();
  return db
    .select()
    .from(emails)
    .where(like(emails.to, `%@${domain}`))
    .orderBy(asc(emails.releaseAt), asc(emails.id));
}

const receivedAt = (domain: string) => fake.received.filter((r) => String(r.body.to).endsWith(`@${domain}`));

describe("delivery without RESEND_API_KEY: the local mailbox", () => {
  it("records the email as sent to the mailbox, with its rendered HTML, and calls no provider", async () => {
    const { org, room } = await orgWithRoom();
    await invite(org, room, ["guest@mailbox.example"]);
    const before = fake.received.length;
    const pass = await processDueEmails(await getDb(), new Date());
    expect(pass.sent).toBeGreaterThanOrEqual(1);
    const [row] = await rowsTo("mailbox.example");
    expect(row).toMatchObject({
      state: "sent",
      transport: "mailbox",
      attempts: 1,
      lockedUntil: null,
      error: null,
    });
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.html).toContain("Standup");
    expect(fake.received.length).toBe(before);
  });
});

describe("delivery through Resend (a local fake Resend server via RESEND_BASE_URL)", () => {
  it("sends with the resend SDK: key, sender, recipient, subject, HTML and text parts, idempotency key", async () => {
    useFakeResend();
    const { org, room } = await orgWithRoom();
    await invite(org, room, ["one@resend.example"], "See you <there>");
    await processDueEmails(await getDb(), new Date());
    const [got] = receivedAt("resend.example");
    const [row] = await rowsTo("resend.example");
    if (!got || !row) throw new Error("nothing received");
    expect(got.authorization).toBe(`Bearer ${RESEND_KEY}`);
    expect(got.idempotencyKey).toBe(row.id);
    expect(got.body).toEqual({
      from: env.SVC_EMAIL_FROM,
      to: "one@resend.example",
      subject: row.subject,
      html: row.html,
      text: row.text,
    });
    expect(got.body.html).toContain("See you &lt;there&gt;");
    expect(got.body.text).toContain(`http://localhost:3000/r/${room.short_code}`);
    expect(row).toMatchObject({ state: "sent", transport: "resend", error: null });
    expect(row.providerId).toMatch(/^fake_/);
  });

  it("retries a transient failure (503, 429) after a delay, then sends", async () => {
    useFakeResend();
    const { org, room } = await orgWithRoom();
    await invite(org, room, ["retry@transient.example"]);
    const db = await getDb();
    fake.failNext(1, 503);
    const t0 = new Date();
    await processDueEmails(db, t0);
    let [row] = await rowsTo("transient.example");
    expect(row).toMatchObject({ state: "queued", attempts: 1, transport: "resend", lockedUntil: null });
    expect(row?.error).toContain("503");
    const retryAt = row?.releaseAt as Date;
    expect(retryAt.getTime()).toBeGreaterThan(t0.getTime());

    // Not before its retry time.
    await processDueEmails(db, new Date(retryAt.getTime() - 1));
    expect(receivedAt("transient.example")).toHaveLength(0);

    fake.failNext(1, 429, "rate_limit_exceeded");
    await processDueEmails(db, retryAt);
    [row] = await rowsTo("transient.example");
    expect(row).toMatchObject({ state: "queued", attempts: 2 });
    expect(row?.error).toContain("429");

    await processDueEmails(db, row?.releaseAt as Date);
    [row] = await rowsTo("transient.example");
    expect(row).toMatchObject({ state: "sent", attempts: 3, error: null });
    expect(receivedAt("transient.example")).toHaveLength(1);
  });

  it("fails an email at once on a permanent refusal (4xx), recording the reason", async () => {
    useFakeResend();
    const { org, room } = await orgWithRoom();
    await invite(org, room, ["bad@permanent.example"]);
    fake.failNext(1, 422, "validation_error");
    const db = await getDb();
    await processDueEmails(db, new Date());
    const [row] = await rowsTo("permanent.example");
    expect(row).toMatchObject({ state: "failed", attempts: 1, transport: "resend" });
    expect(row?.error).toContain("422 validation_error");
    await processDueEmails(db, new Date(Date.now() + 10 * CAP_WINDOW_MS));
    expect((await rowsTo("permanent.example"))[0]?.attempts).toBe(1);
  });

  it("fails an email after its last transient attempt", async () => {
    useFakeResend();
    const { org, room } = await orgWithRoom();
    await invite(org, room, ["down@exhausted.example"]);
    const db = await getDb();
    fake.failNext(MAX_EMAIL_ATTEMPTS, 500);
    let now = new Date();
    for (let i = 0; i < MAX_EMAIL_ATTEMPTS; i++) {
      await processDueEmails(db, now);
      const [row] = await rowsTo("exhausted.example");
      expect(row?.attempts).toBe(i + 1);
      now = row?.releaseAt as Date;
    }
    const [row] = await rowsTo("exhausted.example");
    expect(row).toMatchObject({ state: "failed", attempts: MAX_EMAIL_ATTEMPTS });
    expect(row?.error).toContain("500");
    expect(receivedAt("exhausted.example")).toHaveLength(0);
  });

  it("treats an unreachable provider as transient", async () => {
    overrideEnvForTests({ RESEND_API_KEY: RESEND_KEY, RESEND_BASE_URL: "http://127.0.0.1:9" });
    const { org, room } = await orgWithRoom();
    await invite(org, room, ["x@unreachable.example"]);
    await processDueEmails(await getDb(), new Date());
    const [row] = await rowsTo("unreachable.example");
    expect(row).toMatchObject({ state: "queued", attempts: 1 });
    expect(row?.error).toBeTruthy();
  });

  it("never sends one email twice: concurrent passes share the work through the lease", async () => {
    useFakeResend();
    const { org, room } = await orgWithRoom();
    const recipients = Array.from({ length: 30 }, (_, i) => `r${i}@concurrent.example`);
    await invite(org, room, recipients);
    const db = await getDb();
    const now = new Date();
    await Promise.all([processDueEmails(db, now), processDueEmails(db, now), processDueEmails(db, now)]);
    await processDueEmails(db, new Date());
    const got = receivedAt("concurrent.example").map((r) => String(r.body.to));
    expect(got.sort()).toEqual([...recipients].sort());
    expect((await rowsTo("concurrent.example")).every((r) => r.state === "sent" && r.attempts === 1)).toBe(
      true,
    );
  });

  it("takes an email back from a sender that died holding it, once its lease has run out", async () => {
    useFakeResend();
    const { org, room } = await orgWithRoom();
    await invite(org, room, ["lease@lease.example"]);
    const db = await getDb();
    const now = new Date();
    const claimed = await claimDueEmails(db, org.id, now);
    expect(claimed).toHaveLength(1);
    // The claimer "crashes" here. Before its lease ends nobody else sends the email.
    await processDueEmails(db, new Date(now.getTime() + EMAIL_LEASE_MS - 1));
    expect(receivedAt("lease.example")).toHaveLength(0);
    await processDueEmails(db, new Date(now.getTime() + EMAIL_LEASE_MS));
    expect(receivedAt("lease.example")).toHaveLength(1);
    expect((await rowsTo("lease.example"))[0]).toMatchObject({ state: "sent", attempts: 2 });
  });
});

describe("the cap: 200 sends per org per rolling hour", () => {
  it("sends exactly 200 of 250, spreads the other 50 over the next window, and loses none across a restart", async () => {
    useFakeResend();
    const domain = "cap.example";
    const { org, room } = await orgWithRoom();
    const db = await getDb();
    startJobs(["sweep-due-emails"]);

    const all: string[] = [];
    for (let batch = 0; batch < 5; batch++) {
      const recipients = Array.from({ length: 50 }, (_, i) => `b${batch}-${i}@${domain}`);
      all.push(...recipients);
      const res = await invite(org, room, recipients);
      expect(res.queued).toBe(50);
    }

    // Restart mid-way: stop the runner once some are out, start a fresh one on the same database.
    await until("the first sends", () => receivedAt(domain).length >= 20);
    await stopJobs();
    startJobs(["sweep-due-emails"]);

    await until(
      "200 sent",
      async () => (await rowsTo(domain)).filter((r) => r.state === "sent").length === SEND_CAP,
    );
    await stopJobs();
    // A pass now finds nothing it may send: the hour is full.
    const idle = await processDueEmails(db, new Date());
    expect(idle.sent).toBe(0);

    const rows = await rowsTo(domain);
    expect(rows).toHaveLength(250);
    const sent = rows.filter((r) => r.state === "sent");
    const waiting = rows.filter((r) => r.state === "queued");
    expect(sent).toHaveLength(SEND_CAP);
    expect(waiting).toHaveLength(50);
    const got = receivedAt(domain).map((r) => String(r.body.to));
    expect(got).toHaveLength(SEND_CAP);
    expect(new Set(got).size).toBe(SEND_CAP);

    // The 50 wait past the window of the first sends, spread evenly at the cap's rate.
    const firstRelease = Math.min(...sent.map((r) => r.releaseAt.getTime()));
    const releases = waiting.map((r) => r.releaseAt.getTime()).sort((a, b) => a - b);
    expect(releases[0]).toBeGreaterThanOrEqual(firstRelease + CAP_WINDOW_MS);
    for (let i = 1; i < releases.length; i++) {
      expect((releases[i] as number) - (releases[i - 1] as number)).toBe(RELEASE_SPACING_MS);
    }
    expect((releases[49] as number) - (releases[0] as number)).toBe(49 * RELEASE_SPACING_MS);

    // Time moves on (the runner is told the time, as it is after an hour). Only released ones go.
    const lastSent = Math.max(...sent.map((r) => (r.sentAt as Date).getTime()));
    const mid = new Date(Math.max(lastSent + CAP_WINDOW_MS + 1, (releases[9] as number) + 1));
    await processDueEmails(db, mid);
    const dueByMid = releases.filter((t) => t <= mid.getTime()).length;
    expect(dueByMid).toBeGreaterThanOrEqual(10);
    expect(dueByMid).toBeLessThan(50);
    expect(receivedAt(domain)).toHaveLength(SEND_CAP + dueByMid);

    await processDueEmails(db, new Date((releases[49] as number) + 1));
    const final = await rowsTo(domain);
    expect(final.every((r) => r.state === "sent")).toBe(true);
    const everything = receivedAt(domain).map((r) => String(r.body.to));
    expect(everything.sort()).toEqual([...all].sort());
  });

  it("holds back an overdue backlog at send time so real sends never exceed the cap", async () => {
    // Downtime: 230 emails all overdue at once. The planned times assumed on-time sends; the
    // guard at claim time still lets only 200 go in the hour and re-plans the rest.
    const domain = "backlog.example";
    const { org, room } = await orgWithRoom();
    const db = await getDb();
    for (let b = 0; b < 5; b++) {
      await invite(
        org,
        room,
        Array.from({ length: b < 4 ? 50 : 30 }, (_, i) => `k${b}-${i}@${domain}`),
      );
    }
    const late = new Date(Date.now() + 3 * CAP_WINDOW_MS);
    // Everything is due at `late`, including the 30 planned for the next window.
    for (let pass = 0; pass < 5; pass++) await processDueEmails(db, late);
    const rows = await rowsTo(domain);
    expect(rows.filter((r) => r.state === "sent")).toHaveLength(SEND_CAP);
    const held = rows.filter((r) => r.state === "queued");
    expect(held).toHaveLength(30);
    for (const r of held)
      expect(r.releaseAt.getTime()).toBeGreaterThanOrEqual(late.getTime() + CAP_WINDOW_MS);
  });
});
