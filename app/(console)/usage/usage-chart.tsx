/**
 * One metric over a range as bars, drawn on the server: no chart library and no script, so the
 * Usage page costs nothing over the console's first load (the 150 kB budget, decision 1307).
 * Screen readers get the figure's caption and a summary; each bar's tooltip names its period and
 * value. Labels under the axis are thinned to about eight, so 400 days stay legible.
 */
const W = 600;
const H = 120;

export function UsageChart({
  title,
  unit,
  points,
  format = (v) => v.toLocaleString("en-GB"),
}: {
  title: string;
  unit: string;
  points: { period: string; value: number }[];
  format?: (v: number) => string;
}) {
  const max = Math.max(1, ...points.map((p) => p.value));
  const n = Math.max(1, points.length);
  const slot = W / n;
  const bar = Math.max(1, slot * 0.8);
  const every = Math.max(1, Math.ceil(n / 8));
  const total = points.reduce((a, p) => a + p.value, 0);
  const busiest = points.reduce((a, p) => (p.value > a.value ? p : a), points[0] ?? { period: "", value: 0 });
  const summary =
    total === 0
      ? `No ${unit} in this range.`
      : `${format(total)} ${unit} in total; the most, ${format(busiest.value)}, on ${busiest.period}.`;
  return (
    <figure className="card usage-chart" data-testid={`usage-chart-${unit.replaceAll(" ", "-")}`}>
      <figcaption>
        <span className="usage-chart-title">{title}</span>
        <span className="usage-chart-total">{format(total)}</span>
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`${title}. ${summary}`}
      >
        <rect className="usage-chart-track" x={0} y={H - 1} width={W} height={1} />
        {points.map((p, i) => {
          const h = p.value === 0 ? 0 : Math.max(2, (p.value / max) * (H - 4));
          return (
            <rect
              key={p.period}
              className="usage-chart-bar"
              x={i * slot + (slot - bar) / 2}
              y={H - h}
              width={bar}
              height={h}
            >
              <title>{`${p.period}: ${format(p.value)} ${unit}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="usage-chart-axis" aria-hidden="true">
        {points
          .filter((_, i) => i % every === 0)
          .map((p) => (
            <span key={p.period}>{p.period.length === 10 ? p.period.slice(5) : p.period}</span>
          ))}
      </div>
    </figure>
  );
}
