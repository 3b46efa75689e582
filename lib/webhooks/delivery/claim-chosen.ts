import type { Db } from "@/lib/db";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";
import { env } from "@/lib/env";
import { DELIVERY_COLUMNS } from "@/lib/webhooks/delivery/delivery-columns";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import type { Due, NotClaimed } from "@/lib/webhooks/delivery/due";
import {
  dateOf,
  epochMs,
  TARGET_COLUMNS,
  TARGET_JOINS,
  TARGET_ORDER,
  type Target,
  targetsOf,
} from "@/lib/webhooks/delivery/load-targets";

/**
 * The embedded worker's claim of the deliveries its scheduler chose (docs/decisions/1230): each by
 * primary key, under the in-flight caps counted in the database for the chosen orgs and endpoints
 * only, so the caps hold across every instance and a pass costs what it chose, not what the other
 * tenants have pending or in flight.
 */

/** Longer than one attempt can take (10 s): a live attempt's claim never expires under it. */
export const LEASE_MS = 60_000;

const decoders = {
  text: (v: unknown): string | null => (v === null ? null : String(v)),
  int: (v: unknown): number | null => (v === null ? null : Number(v)),
  timestamptz: dateOf,
} as const;

/**
 * The delivery's columns as the claim selects them (the one list, delivery-columns.ts), each with
 * how its value is read back. Timestamps travel as epoch milliseconds (a float8 is cheaper to
 * decode than timestamptz text, on PGlite especially).
 */
const CLAIM_SELECT = DELIVERY_COLUMNS.map(([key, column, type]) => ({
  key,
  sql: type === "timestamptz" ? epochMs(`d.${column}`) : `d.${column}`,
  decode: decoders[type],
}));

/**
 * `$2` the chosen deliveries in the scheduler's order (`pos`), with the org and endpoint it filed
 * each under; `$1` now; leased until `$3` by instance `$4`; `$5` and `$6` the endpoint's and the
 * org's caps on attempts in flight. `svc_claim_allowed` (migration 0028) takes each chosen org's
 * claim lock, so claims of one org run one at a time across instances, then counts what each
 * chosen org and endpoint has in flight (leased rows, `deliveries_org_leased_idx` and
 * `deliveries_endpoint_leased_idx`) in a snapshot taken under the locks, and lets each take its
 * chosen rows in order up to its free places. Each allowed row is probed by primary key, still
 * pending, due and free, and taken SKIP LOCKED (claimers side by side never take one row twice).
 * Every step reads only the chosen rows: the plan cannot depend on statistics, which the embedded
 * database never gathers (docs/decisions/1105).
 */
export const CLAIM_CHOSEN: PreparedStatement = {
  name: "svc_claim_chosen",
  types: ["timestamptz", "json", "timestamptz", "text", "int", "int"],
  text: `with allowed as materialized (
      select * from svc_claim_allowed($2::json, $1::timestamptz, $5::int, $6::int)
    ), due as (
      select d.id from allowed a join deliveries d on d.id = a.allowed_id
      where d.status = 'pending'
        and d.next_attempt_at <= $1::timestamptz
        and (d.locked_until is null or d.locked_until <= $1::timestamptz)
      order by a.allowed_pos
      for update of d skip locked
    ), claimed as (
      update deliveries set locked_until = $3::timestamptz, locked_by = $4::text
      from due where deliveries.id = due.id
      returning deliveries.*
    )
    select ${CLAIM_SELECT.map((c) => c.sql).join(", ")}, ${TARGET_COLUMNS}
    from claimed d ${TARGET_JOINS}
    order by d.next_attempt_at, d.id, ${TARGET_ORDER}`,
};

/** Why chosen rows were not claimed: each by primary key (only when some were not). */
const NOT_CLAIMED: PreparedStatement = {
  name: "svc_not_claimed",
  types: ["timestamptz", "json"],
  text: `select d.id, d.status, ${epochMs("d.next_attempt_at")},
      (d.locked_until is not null and d.locked_until > $1::timestamptz)
    from deliveries d where d.id in (select json_array_elements_text($2::json))`,
};

function deliveryOf(r: unknown[]): DeliveryRow {
  const row: Record<string, unknown> = {};
  CLAIM_SELECT.forEach(({ key, decode }, i) => {
    row[key] = decode(r[i]);
  });
  // Each field was decoded by its column's SQL type (NOT NULL columns never decode to null);
  // `status` is the column's enum, written only from DeliveryRow's own states.
  return row as unknown as DeliveryRow;
}

export interface ChosenClaim {
  /** The claimed rows in due order, with the target of each whose endpoint and event exist. */
  rows: DeliveryRow[];
  targets: Map<string, Target>;
  /** The chosen rows not claimed, and why (see NotClaimed). */
  notClaimed: Map<string, NotClaimed>;
}

/**
 * Claims the chosen deliveries that are still due and free, within the caps across every
 * instance, and reads their targets in the same statement; asks the table about the others.
 */
export async function claimChosen(
  db: Db,
  now: Date,
  chosen: readonly Due[],
  lockedBy: string,
): Promise<ChosenClaim> {
  if (chosen.length === 0) return { rows: [], targets: new Map(), notClaimed: new Map() };
  const found = await runPrepared(db, CLAIM_CHOSEN, [
    now.toISOString(),
    JSON.stringify(chosen.map((c, pos) => ({ id: c.id, org_id: c.orgId, endpoint_id: c.endpointId, pos }))),
    new Date(now.getTime() + LEASE_MS).toISOString(),
    lockedBy,
    String(env.SVC_WEBHOOK_ENDPOINT_CONCURRENCY),
    String(env.SVC_WEBHOOK_ORG_CONCURRENCY),
  ]);
  const rows: DeliveryRow[] = [];
  let last: string | undefined;
  for (const r of found) {
    if (r[0] === last) continue; // the same delivery again, with its endpoint's next secret
    last = String(r[0]);
    rows.push(deliveryOf(r));
  }
  const notClaimed = new Map<string, NotClaimed>();
  const claimed = new Set(rows.map((r) => r.id));
  const missed = chosen.filter((c) => !claimed.has(c.id)).map((c) => c.id);
  if (missed.length > 0) {
    for (const id of missed) notClaimed.set(id, { kind: "gone" });
    // The claim is made: a failure here only leaves the rows to the worker's next scan.
    const states = await runPrepared(db, NOT_CLAIMED, [now.toISOString(), JSON.stringify(missed)]).catch(
      () => [],
    );
    for (const [id, status, dueAt, leased] of states) {
      if (status !== "pending" || leased === true) continue; // ended, or another claimer's
      const at = dateOf(dueAt)?.getTime() ?? now.getTime();
      notClaimed.set(String(id), at > now.getTime() ? { kind: "later", dueAt: at } : { kind: "capped" });
    }
  }
  return { rows, targets: targetsOf(found), notClaimed };
}
