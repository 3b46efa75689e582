import { and, eq, like, or, type SQL, sql } from "drizzle-orm";
import { orgCounterDeltas, orgCounters } from "@/db/schema";
import type { Db } from "@/lib/db";

/**
 * An org's counters as they are now (docs/decisions/1203): the folded value in org_counters plus
 * the deltas the fold has not moved yet. Two index range reads (the primary key, and
 * org_counter_deltas_org_idx), exact whenever the fold runs, and no row any writer waits on.
 * `keys` picks exact keys; `prefixes` picks every key starting with one.
 */
export async function readOrgCounters(
  db: Db,
  orgId: string,
  select: { keys?: readonly string[]; prefixes?: readonly string[] },
): Promise<Map<string, number>> {
  const match = (key: typeof orgCounters.key | typeof orgCounterDeltas.key): SQL | undefined =>
    or(
      ...(select.prefixes ?? []).map((p) => like(key, `${p}%`)),
      ...(select.keys && select.keys.length > 0
        ? [
            sql`${key} in (${sql.join(
              select.keys.map((k) => sql`${k}`),
              sql`, `,
            )})`,
          ]
        : []),
    );
  const [folded, pending] = await Promise.all([
    db
      .select({ key: orgCounters.key, n: orgCounters.n })
      .from(orgCounters)
      .where(and(eq(orgCounters.orgId, orgId), match(orgCounters.key))),
    db
      .select({ key: orgCounterDeltas.key, n: sql<string>`sum(${orgCounterDeltas.d})` })
      .from(orgCounterDeltas)
      .where(and(eq(orgCounterDeltas.orgId, orgId), match(orgCounterDeltas.key)))
      .groupBy(orgCounterDeltas.key),
  ]);
  const out = new Map<string, number>();
  for (const r of [...folded, ...pending]) out.set(r.key, (out.get(r.key) ?? 0) + Number(r.n));
  return out;
}
