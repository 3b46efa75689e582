import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { checkInngest } from "@/lib/health/check-inngest";
import type { ReadinessCheck } from "@/lib/health/health-schema";
import { jobBackend } from "@/lib/jobs/backend";
import { checkStorage } from "@/lib/storage/check-storage";

type Probe = () => Promise<void>;
const probes = new Map<string, Probe>([
  [
    "database",
    async () => {
      await (await getDb()).execute(sql`select 1`);
    },
  ],
  ["storage", checkStorage],
]);

/** Other dependencies (object storage, …) add their probe here. */
export function registerReadinessProbe(name: string, probe: Probe): void {
  probes.set(name, probe);
}

async function run(name: string, probe: Probe, timeoutMs: number): Promise<ReadinessCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
    return { name, ok: true, ms: Math.round(performance.now() - started) };
  } catch (err) {
    return {
      name,
      ok: false,
      ms: Math.round(performance.now() - started),
      error: err instanceof Error ? err.message : String(err),
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Inngest is checked only when it drives background work (decided per call: tests flip it). */
function activeProbes(): [string, Probe][] {
  const list = [...probes];
  if (jobBackend() === "inngest") list.push(["inngest", checkInngest]);
  return list;
}

export async function checkReadiness(timeoutMs = 3000): Promise<{ ok: boolean; checks: ReadinessCheck[] }> {
  const checks = await Promise.all(activeProbes().map(([name, probe]) => run(name, probe, timeoutMs)));
  return { ok: checks.every((c) => c.ok), checks };
}
