const W = 140;
const H = 36;
const GAP = 3;

const dayLabel = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

/** "22 Nov". */
export function shortDay(day: string): string {
  return dayLabel.format(new Date(`${day}T00:00:00Z`));
}

const weekday = new Intl.DateTimeFormat("en-GB", { weekday: "short", timeZone: "UTC" });
const dayOfMonth = new Intl.DateTimeFormat("en-GB", { day: "numeric", timeZone: "UTC" });

/**
 * A small bar chart of a week, drawn on the server (no chart library, no JS). Two series stack
 * (e.g. delivered and failed). Under each bar its day ("Fri" over "21", UTC days, as the figures
 * count them), in a grid whose columns line up with the bars at any card width (issue 38: chart
 * bars without day labels). Screen readers get every value in the label; each bar's tooltip names
 * its day and count.
 */
export function SparkBars({
  label,
  days,
  values,
  extra,
  unit,
  extraUnit,
}: {
  label: string;
  days: string[];
  values: number[];
  /** A second series stacked on top, drawn in the warning colour. */
  extra?: number[];
  unit: string;
  extraUnit?: string;
}) {
  const totals = values.map((v, i) => v + (extra?.[i] ?? 0));
  const max = Math.max(1, ...totals);
  const bar = (W - GAP * (days.length - 1)) / days.length;
  const summary = days
    .map(
      (d, i) =>
        `${shortDay(d)}: ${values[i] ?? 0}${extra ? ` ${unit}, ${extra[i] ?? 0} ${extraUnit ?? ""}` : ""}`,
    )
    .join("; ");
  return (
    <figure className="spark-chart">
      <svg
        className="spark"
        viewBox={`0 0 ${W} ${H}`}
        width={W}
        height={H}
        role="img"
        aria-label={`${label}, last 7 days: ${summary}`}
        preserveAspectRatio="none"
      >
        {days.map((d, i) => {
          const v = values[i] ?? 0;
          const e = extra?.[i] ?? 0;
          const x = i * (bar + GAP);
          const hv = (v / max) * (H - 2);
          const he = (e / max) * (H - 2);
          return (
            <g key={d}>
              <title>{`${shortDay(d)}: ${v} ${unit}${extra ? `, ${e} ${extraUnit ?? ""}` : ""}`}</title>
              <rect className="spark-track" x={x} y={0} width={bar} height={H} rx={2} />
              {hv > 0 ? <rect className="spark-bar" x={x} y={H - hv} width={bar} height={hv} rx={2} /> : null}
              {he > 0 ? (
                <rect className="spark-bar warn" x={x} y={H - hv - he} width={bar} height={he} rx={2} />
              ) : null}
            </g>
          );
        })}
      </svg>
      <div
        className="spark-days"
        aria-hidden
        data-testid="spark-days"
        style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}
      >
        {days.map((d) => {
          const date = new Date(`${d}T00:00:00Z`);
          return (
            <span key={d}>
              {weekday.format(date)}
              <br />
              {dayOfMonth.format(date)}
            </span>
          );
        })}
      </div>
    </figure>
  );
}
