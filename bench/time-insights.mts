/**
 * The console home page's figures query (`loadOrgInsights`, lib/insights, from the console issue)
 * timed directly on the bench database, one call at a time, for each org given. Run by
 * bench/run.mts as a child (lib/env reads the database settings once per process); prints JSON.
 * Exits 3 when the module is not on this tree yet.
 *
 *   tsx bench/time-insights.mts <orgId>:<label>[,…] <maxCalls> <maxMs>
 */
import { closeDb, type Db, getDb } from "@/lib/db";

type Loader = (db: Db, orgId: string, now?: Date) => Promise<unknown>;

async function loader(): Promise<Loader | undefined> {
  // A variable specifier: tsc and the bundler leave a module that may not exist yet alone.
  const specifier = "@/lib/insights/load-org-insights";
  try {
    const mod = (await import(specifier)) as { loadOrgInsights?: Loader };
    return mod.loadOrgInsights;
  } catch {
    return undefined;
  }
}

function pct(xs: number[], p: number): number | null {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return Math.round((s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0) * 100) / 100;
}

const [orgsArg = "", maxCalls = "100", maxMs = "3000"] = process.argv.slice(2);
const load = await loader();
if (!load) {
  process.stdout.write(
    JSON.stringify({ not_available: "lib/insights/load-org-insights is not on this tree yet" }),
  );
  process.exit(3);
}
try {
  const db = await getDb();
  const out: Record<string, { p50_ms: number | null; p99_ms: number | null; samples: number }> = {};
  for (const spec of orgsArg.split(",").filter(Boolean)) {
    const [orgId = "", label = orgId] = spec.split(":");
    for (let i = 0; i < 3; i++) await load(db, orgId);
    const ms: number[] = [];
    const deadline = performance.now() + Number(maxMs);
    while (ms.length < Number(maxCalls) && performance.now() < deadline) {
      const t0 = performance.now();
      await load(db, orgId);
      ms.push(performance.now() - t0);
    }
    out[label] = { p50_ms: pct(ms, 50), p99_ms: pct(ms, 99), samples: ms.length };
  }
  process.stdout.write(JSON.stringify(out));
} finally {
  await closeDb();
}
