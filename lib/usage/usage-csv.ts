import { REPORTED_METRICS, type UsageDto } from "@/lib/usage/usage-schema";

/**
 * A usage answer as CSV (the console's export): one row per period, one column per metric, and a
 * last row of totals, so a spreadsheet opens it as the page shows it. Values are integers; no field
 * needs quoting.
 */
export function usageCsv(u: UsageDto): string {
  const lines = [["period", ...REPORTED_METRICS].join(",")];
  const periods = u.series.participant_minutes.map((p) => p.period);
  periods.forEach((period, i) => {
    lines.push([period, ...REPORTED_METRICS.map((m) => String(u.series[m][i]?.value ?? 0))].join(","));
  });
  lines.push(["total", ...REPORTED_METRICS.map((m) => String(u.totals[m]))].join(","));
  return `${lines.join("\n")}\n`;
}
