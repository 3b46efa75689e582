import { sql } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { rowsOf } from "@/lib/db-rows";
import { rollUpUsage } from "@/lib/usage/roll-up-usage";
import { monthEnd } from "@/lib/usage/usage-days";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isMonth = (value: string): boolean => MONTH.test(value);

/** A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
function field(value: string | number): string {
  const s = String(value);
  return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/**
 * `npm run usage:export -- --month 2026-11` (docs/decisions/1313): the month's rollup per org and
 * project as CSV, after one rollup pass so the file is current. `participant_minutes` is written
 * beside its publisher and viewer parts, as the API reports it. Org-wide metrics (emails) have an
 * empty project.
 */
export async function exportMonth(db: Db, month: string, now = new Date()): Promise<string> {
  if (!isMonth(month)) throw new Error(`--month must be YYYY-MM, not ${month}`);
  await rollUpUsage(db, now);
  const rows = rowsOf<{
    org_id: string;
    org_name: string;
    project_id: string;
    metric: string;
    value: string;
  }>(
    await db.execute(sql`
      WITH m AS (
        SELECT org_id, project_id, metric, sum(value) AS value FROM usage_daily
        WHERE day >= ${`${month}-01`}::date AND day <= ${monthEnd(month)}::date
        GROUP BY org_id, project_id, metric
      ), p AS (
        SELECT org_id, project_id, 'participant_minutes' AS metric, sum(value) AS value FROM m
        WHERE metric IN ('publisher_minutes', 'viewer_minutes') GROUP BY org_id, project_id
      )
      SELECT x.org_id, o.name AS org_name, x.project_id, x.metric, x.value
      FROM (SELECT * FROM m UNION ALL SELECT * FROM p) x JOIN orgs o ON o.id = x.org_id
      WHERE x.value > 0
      ORDER BY x.org_id, x.project_id, x.metric`),
  );
  const lines = ["month,org_id,org_name,project_id,metric,value"];
  for (const r of rows)
    lines.push([month, r.org_id, r.org_name, r.project_id, r.metric, Number(r.value)].map(field).join(","));
  return `${lines.join("\n")}\n`;
}
