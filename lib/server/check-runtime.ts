/**
 * End of life of each Node.js release line (nodejs.org's release schedule): after it, a line gets
 * no security fixes. Production images use Node 24 (Dockerfile; docs/decisions/0976); 20.12 still
 * runs the app, for development on machines that have nothing newer.
 */
export const NODE_END_OF_LIFE: Readonly<Record<number, string>> = {
  18: "2025-04-30",
  20: "2026-04-30",
  22: "2027-04-30",
  24: "2028-04-30",
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
  const listed = Object.keys(NODE_END_OF_LIFE).map(Number);
  const eol = NODE_END_OF_LIFE[major] ?? (major < Math.min(...listed) ? "before 2025-04-30" : undefined);
  if (!eol) return { node: version };
  const past = eol.startsWith("before") || today.toISOString().slice(0, 10) > eol;
  return past ? { node: version, endOfLife: eol } : { node: version };
}
