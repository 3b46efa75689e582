/**
 * End of life of each Node.js release line (nodejs.org's release schedule): after it, a line gets
 * no security fixes. Even lines are long-term support (three years); odd ones last about eight
 * months. Production images use Node 24 (Dockerfile; docs/decisions/0976); 20.12 still
 * runs the app, for development on machines that have nothing newer.
 */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  18: "2025-04-30",
  19: "2023-06-01",
  20: "2026-04-30",
  21: "2024-06-01",
  22: "2027-04-30",
  23: "2025-06-01",
  24: "2028-04-30",
  25: "2026-06-01",
  26: "2029-04-30",
};

export interface RuntimeCheck {
  node: string;
  /** Set when the line is past its end of life (or older than any line listed). */
  endOfLife?: string;
}

/** What the "server started" line says of the runtime: its version, and whether it is still supported. */
export function checkRuntime(version: string, today: Date): RuntimeCheck {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1] ?? Number.NaN);
  const oldest = Math.min(...Object.keys(NODE_END_OF_LIFE).map(Number));
  // A line older than the table's oldest ended before it did.
  if (major < oldest) return { node: version, endOfLife: `before ${NODE_END_OF_LIFE[oldest]}` };
  const eol = NODE_END_OF_LIFE[major];
  return eol && today.toISOString().slice(0, 10) > eol
    ? { node: version, endOfLife: eol }
    : { node: version };
}
