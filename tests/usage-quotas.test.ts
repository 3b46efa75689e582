import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { emails, events, orgs, usageDaily } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { createRoom } from "@/lib/rooms/create-room";
import { notifyThresholds } from "@/lib/usage/notify-thresholds";
import { utcDay } from "@/lib/usage/usage-days";
import type { UsageDto } from "@/lib/usage/usage-schema";
import { call, expectProblem } from "./helpers/app";
import { createOrg, type TestOrg } from "./helpers/fixtures";

/**
 * Plans mean something (issue 44 item 5, docs/decisions/1312): included quotas per month, the
 * Usage answer shows use against them, 80 % and 100 % notify Owners and Billing members once per
 * month with a `usage.threshold` event, and the one thing exceeding blocks is a new recording on
 * the starter plan (402 quota_exceeded). Cloud mode only.
 */

let org: TestOrg;
const now = new Date();
const today = utcDay(now);

async function setUse(metric: "publisher_minutes" | "recording_minutes", value: number, who = org) {
  await (await getDb())
    .insert(usageDaily)
    .values({ orgId: who.id, projectId: who.projectId, day: today, metric, value })
    .onConflictDoUpdate({
      target: [usageDaily.orgId, usageDaily.day, usageDaily.projectId, usageDaily.metric],
      set: { value },
    });
}

const noticeEvents = async (orgId: string) =>
  (await getDb())
    .select({ payload: events.payload })
    .from(events)
    .where(and(eq(events.orgId, orgId), eq(events.type, "usage.threshold")));

const noticeEmails = async (orgId: string) =>
  (await getDb())
    .select({ to: emails.to, subject: emails.subject, kind: emails.kind })
    .from(emails)
    .where(and(eq(emails.orgId, orgId), eq(emails.kind, "account")));

beforeAll(async () => {
  org = await createOrg({ name: "Quota Org" });
  await (await getDb()).update(orgs).set({ plan: "starter" }).where(eq(orgs.id, org.id));
});
afterEach(() => overrideEnvForTests({}));

describe("plan quotas", () => {
  it("self_host: no quotas, no notices", async () => {
    await setUse("publisher_minutes", 9_000);
    expect(await notifyThresholds(await getDb(), now)).toBe(0);
    const res = await call<UsageDto>("GET", "/v1/workspace/usage", { token: org.members.Billing.token });
    expect(res.body.quotas).toEqual([]);
  });

  it("cloud: 80 % and 100 % each notify once per month, by event and by email to Owners and Billing", async () => {
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    const db = await getDb();
    await setUse("publisher_minutes", 8_000);
    const res = await call<UsageDto>("GET", "/v1/workspace/usage", { token: org.members.Billing.token });
    expect(res.body.quotas).toContainEqual({
      metric: "participant_minutes",
      month: today.slice(0, 7),
      included: 10_000,
      used: 8_000,
      percent: 80,
    });
    expect(await notifyThresholds(db, now)).toBe(1);
    expect(await notifyThresholds(db, now)).toBe(0);
    const [first] = await noticeEvents(org.id);
    if (!first) throw new Error("no usage.threshold event");
    expect((first.payload as { data: { object: unknown } }).data.object).toMatchObject({
      metric: "participant_minutes",
      threshold: 80,
      used: 8_000,
      included: 10_000,
      plan: "starter",
    });
    const mails = await noticeEmails(org.id);
    expect(mails.map((m) => m.to).sort()).toEqual(
      [org.members.Billing.email, org.members.Owner.email].sort(),
    );
    expect(mails[0]?.subject).toMatch(/80 %/);

    await setUse("publisher_minutes", 10_500);
    expect(await notifyThresholds(db, now)).toBe(1);
    expect(await notifyThresholds(db, now)).toBe(0);
    expect(await noticeEvents(org.id)).toHaveLength(2);
    expect(await noticeEmails(org.id)).toHaveLength(4);
  });

  it("cloud, starter: a new recording once the month's recording minutes are used up is 402 quota_exceeded", async () => {
    overrideEnvForTests({ SVC_DEPLOYMENT_MODE: "cloud" });
    const room = await createRoom(await getDb(), org.id, {
      project_id: org.projectId,
      name: "rec",
      type: "meeting",
      record: "manual",
    });
    const start = () =>
      call("POST", `/v1/workspace/rooms/${room.id}/recordings`, {
        token: org.members.Developer.token,
        json: {},
      });
    // Under the cap the usual rules answer (the room is not active yet).
    await setUse("recording_minutes", 999);
    expectProblem(await start(), 409, "conflict");
    await setUse("recording_minutes", 1_000);
    expectProblem(await start(), 402, "quota_exceeded");
    // self_host never blocks.
    overrideEnvForTests({});
    expectProblem(await start(), 409, "conflict");
  });
});
