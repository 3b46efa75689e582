/** Nearest-rank percentile of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** Rounds for the report: 2 decimals under 10, 1 under 1000, integers above. */
export function round(n: number | null | undefined): number | null {
  if (n === null || n === undefined || !Number.isFinite(n)) return null;
  const a = Math.abs(n);
  const digits = a < 10 ? 100 : a < 1000 ? 10 : 1;
  return Math.round(n * digits) / digits;
}

export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || !Number.isFinite(a) || !Number.isFinite(b) || b === 0) return null;
  return Math.round((a / b) * 100) / 100;
}

export type Cell = string | number | null | undefined;

/** A GitHub-flavoured markdown table. */
export function table(head: string[], rows: Cell[][]): string {
  const show = (c: Cell) => (c === null || c === undefined || c === "" ? "—" : String(c));
  const lines = [
    `| ${head.join(" | ")} |`,
    `| ${head.map((_, i) => (i === 0 ? "---" : "---:")).join(" | ")} |`,
    ...rows.map((r) => `| ${r.map(show).join(" | ")} |`),
  ];
  return lines.join("\n");
}

/** "ok" / "MISSED" against a target, or "n/a" when the figure is absent. */
export function verdict(
  value: number | null | undefined,
  target: { atLeast?: number; atMost?: number },
): string {
  if (value == null || !Number.isFinite(value)) return "n/a";
  if (target.atLeast !== undefined && value < target.atLeast) return "MISSED";
  if (target.atMost !== undefined && value > target.atMost) return "MISSED";
  return "ok";
}
