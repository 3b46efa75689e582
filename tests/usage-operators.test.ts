import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { usageDaily } from "@/db/schema";
import { getDb } from "@/lib/db";
import { overrideEnvForTests } from "@/lib/env";
import { exportMonth } from "@/lib/usage/export-month";
import { utcDay } from "@/lib/usage/usage-days";
import { call } from "./helpers/app";
import { createOrg } from "./helpers/fixtures";

/**
 * Operators (issue 44 item 6, docs/decisions/1313): /metrics has usage without org labels, and
 * `npm run usage:export -- --month YYYY-MM` writes the month's per-org rollup as CSV.
 */

const METRICS_TOKEN = "metrics-token-for-usage-tests-0123456789";
afterEach(() => overrideEnvForTests({}));

describe("usage for operators", () => {
  it("exports a month per org and project as CSV, names quoted, participant minutes summed", async () => {
    const org = await createOrg({ name: 'Acme, "West"' });
    const db = await getDb();
    await db.insert(usageDaily).values([
      { orgId: org.id, projectId: org.projectId, day: "2026-11-03", metric: "publisher_minutes", value: 30 },
      { orgId: org.id, projectId: org.projectId, day: "2026-11-29", metric: "viewer_minutes", value: 12 },
      { orgId: org.id, projectId: "", day: "2026-11-04", metric: "emails_sent", value: 2 },
      // Another month: not in the file.
      { orgId: org.id, projectId: org.projectId, day: "2026-12-01", metric: "publisher_minutes", value: 99 },
    ]);
    const csv = await exportMonth(db, "2026-11", new Date("2026-11-30T00:00:00.000Z"));
    const mine = csv.split("\n").filter((l) => l.includes(org.id));
    expect(csv.split("\n")[0]).toBe("month,org_id,org_name,project_id,metric,value");
    const name = '"Acme, ""West"""';
    expect(mine).toEqual([
      `2026-11,${org.id},${name},,emails_sent,2`,
      `2026-11,${org.id},${name},${org.projectId},participant_minutes,42`,
      `2026-11,${org.id},${name},${org.projectId},publisher_minutes,30`,
      `2026-11,${org.id},${name},${org.projectId},viewer_minutes,12`,
    ]);
    await expect(exportMonth(db, "2026-13")).rejects.toThrow(/YYYY-MM/);
  });

  it("refuses a missing or malformed --month before touching the database", () => {
    const run = spawnSync(
      process.execPath,
      ["--import", "tsx", "scripts/usage-export.mts", "--month", "2026-1"],
      {
        encoding: "utf8",
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: "test" },
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/--month YYYY-MM/);
  });

  it("/metrics shows this month's usage of all orgs per metric, and no org", async () => {
    overrideEnvForTests({ SVC_METRICS_TOKEN: METRICS_TOKEN });
    const org = await createOrg();
    await (await getDb()).insert(usageDaily).values({
      orgId: org.id,
      projectId: org.projectId,
      day: utcDay(new Date()),
      metric: "room_tokens",
      value: 7,
    });
    const text = (await call("GET", "/metrics", { token: METRICS_TOKEN })).text;
    expect(text).toMatch(/usage_month_to_date\{[^}]*metric="room_tokens"[^}]*\} \d+/);
    expect(text).toContain("usage_rollup_passes_total");
    expect(text).toContain("room_tokens_minted_total");
    expect(text).not.toContain(org.id);
    expect(text).not.toContain(org.projectId);
  });
});
