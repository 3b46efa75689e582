import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { emails } from "@/db/schema";
import { inngestFunction } from "@/inngest/functions";
import { getDb } from "@/lib/db";
import { CAP_WINDOW_MS, SEND_CAP } from "@/lib/email/cap";
import { overrideEnvForTests } from "@/lib/env";
import type { InvitationResult } from "@/lib/invitations/invitation-schema";
import { sendInvitationEmail } from "@/lib/jobs/definitions/send-invitation-email";
import type { RoomDto } from "@/lib/rooms/room-schema";
import { call } from "./helpers/app";
import { type FakeResend, startFakeResend } from "./helpers/fake-resend";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/** The Inngest driver runs the same lib functions as the embedded runner (decisions 0300). */
let fake: FakeResend;
let org: TestOrg;
let room: RoomDto;

beforeAll(async () => {
  fake = await startFakeResend();
  org = await createOrg();
  room = (
    await call<RoomDto>("POST", "/v1/workspace/rooms", {
      token: org.members.Owner.token,
      json: { project_id: org.projectId, name: "Inngest room" },
    })
  ).body;
});
afterAll(() => fake.close());
afterEach(() => overrideEnvForTests({}));

async function invite(recipients: string[]): Promise<InvitationResult> {
  const res = await call<InvitationResult>("POST", "/v1/workspace/meet/invitations", {
    token: org.members.Owner.token,
    json: { room_id: room.id, recipients },
  });
  expect(res.status).toBe(200);
  return res.body;
}

async function emailIdFor(to: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: emails.id }).from(emails).where(eq(emails.to, to));
  if (!row) throw new Error(`no email to ${to}`);
  return row.id;
}

/** The engine cannot wait out a sleep: mock every sleep step of the function as elapsed. */
const sleeps = () =>
  Array.from({ length: 60 }, (_, round) => [
    { id: `wait-${round}`, handler: () => null },
    { id: `pause-${round}`, handler: () => null },
  ]).flat();

type StepMock = { id: string; handler: () => unknown };

const run = (emailId: string, extra: StepMock[] = []) =>
  new InngestTestEngine({
    function: inngestFunction(sendInvitationEmail.id),
    events: [{ name: sendInvitationEmail.trigger.event, data: { email_id: emailId, org_id: org.id } }],
    steps: [...extra, ...sleeps()],
  }).execute();

describe("send-invitation-email (Inngest driver)", () => {
  it("sleeps until the release time, then sends through Resend and records it", async () => {
    overrideEnvForTests({ RESEND_API_KEY: "re_inngest", RESEND_BASE_URL: fake.url });
    await invite(["first@inngest.example"]);
    const id = await emailIdFor("first@inngest.example");
    const { result, ctx } = await run(id);
    expect(result).toEqual({ state: "sent" });
    expect(ctx.step.sleepUntil).toHaveBeenCalledTimes(1);
    expect(fake.received.map((r) => r.body.to)).toEqual(["first@inngest.example"]);
    expect(fake.received[0]?.idempotencyKey).toBe(id);
    const db = await getDb();
    const [row] = await db.select().from(emails).where(eq(emails.id, id));
    expect(row).toMatchObject({ state: "sent", transport: "resend", attempts: 1 });
  });

  it("does nothing for an email already sent (a duplicate event)", async () => {
    const id = await emailIdFor("first@inngest.example");
    const before = fake.received.length;
    const { result } = await run(id);
    expect(result).toEqual({ state: "sent" });
    expect(fake.received.length).toBe(before);
  });

  it("waits for the planned release of an email over the cap and never sends it early", async () => {
    overrideEnvForTests({ RESEND_API_KEY: "re_inngest", RESEND_BASE_URL: fake.url });
    for (let b = 0; b < 4; b++) await invite(Array.from({ length: 50 }, (_, i) => `f${b}-${i}@fill.example`));
    const over = await invite(["over@inngest.example"]);
    const release = over.recipients[0]?.release_at as string;
    expect(Date.parse(release)).toBeGreaterThanOrEqual(Date.now() + CAP_WINDOW_MS - 60_000);
    // The cap counts the first invitation's email too: 201 slots in the hour.
    expect(SEND_CAP).toBe(200);

    const id = await emailIdFor("over@inngest.example");
    const before = fake.received.length;
    // The engine resolves sleeps at once, so every round would find the email not yet due: end the
    // run at the second round's first step; the first round is what this test is about.
    const { ctx } = await run(id, [{ id: "due-1", handler: () => ({ state: "missing" }) }]);
    // The test engine resolves sleeps at once; the send step still refuses before release time.
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("wait-0", release);
    expect(ctx.step.run.mock.calls.map((c) => c[0]).slice(0, 2)).toEqual(["due-0", "send-0"]);
    expect(fake.received.length).toBe(before);
    const db = await getDb();
    const [row] = await db.select().from(emails).where(eq(emails.id, id));
    expect(row).toMatchObject({ state: "queued", attempts: 0 });
  });

  it("ends quietly for an unknown email id", async () => {
    const { result } = await run("eml_unknown");
    expect(result).toEqual({ state: "missing" });
  });
});
