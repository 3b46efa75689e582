// `npm run usage:export -- --month 2026-11 [--out usage-2026-11.csv]`: the month's per-org,
// per-project usage rollup as CSV (docs/usage.md, docs/decisions/1313), on stdout or to a file.
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { closeDb, getDb } from "@/lib/db";
import { exportMonth, isMonth } from "@/lib/usage/export-month";

const { values } = parseArgs({ options: { month: { type: "string" }, out: { type: "string" } } });
if (!values.month || !isMonth(values.month)) {
  console.error("usage: npm run usage:export -- --month YYYY-MM [--out file.csv]");
  process.exit(2);
}
const csv = await exportMonth(await getDb(), values.month);
if (values.out) {
  writeFileSync(values.out, csv);
  console.error(`usage:export: wrote ${values.out}`);
} else process.stdout.write(csv);
await closeDb();
