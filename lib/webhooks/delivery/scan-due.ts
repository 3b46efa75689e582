import type { Db } from "@/lib/db";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";
import { dateOf, epochMs } from "@/lib/webhooks/delivery/load-targets";
import type { Due } from "@/lib/webhooks/delivery/scheduler";

/**
 * What the embedded worker's scheduler reads from the table (docs/decisions/1230): not on every
 * pass, but when a worker starts, on its poll (rows another instance wrote or handed back, leases
 * that ran out) and when an endpoint's queue ran dry while the table holds more of its due work.
 * Each endpoint gives at most `$2` rows, its oldest free ones due by `$3` (a scan also reads what
 * comes due before the next scan, which waits in the scheduler's heap; `$1` is now, for leases)
 * by `deliveries_endpoint_due_idx`: a backlog costs a page per endpoint, not a row each.
 */

const PAGE = `select d.id, d.org_id, d.endpoint_id, ${epochMs("d.next_attempt_at")}
        from deliveries d
        where d.endpoint_id = e.endpoint_id and d.status = 'pending'
          and d.next_attempt_at <= $3::timestamptz
          and (d.locked_until is null or d.locked_until <= $1::timestamptz)
        order by d.next_attempt_at, d.id
        limit $2::int`;

/**
 * Every endpoint with due work, one index probe each (a loose scan of
 * `deliveries_endpoint_due_idx`), and a page of each.
 */
const SCAN_DUE: PreparedStatement = {
  name: "svc_scan_due",
  types: ["timestamptz", "int", "timestamptz"],
  text: `with recursive endpoints(endpoint_id) as (
      (select endpoint_id from deliveries
        where status = 'pending' and next_attempt_at <= $3::timestamptz
        order by endpoint_id limit 1)
      union all
      select (select d.endpoint_id from deliveries d
          where d.status = 'pending' and d.next_attempt_at <= $3::timestamptz
            and d.endpoint_id > e.endpoint_id
          order by d.endpoint_id limit 1)
      from endpoints e where e.endpoint_id is not null
    )
    select p.* from endpoints e cross join lateral (${PAGE}) p
    where e.endpoint_id is not null`,
};

/** A page of each of the endpoints `$4` (a JSON array of ids). */
const REFILL_DUE: PreparedStatement = {
  name: "svc_refill_due",
  types: ["timestamptz", "int", "timestamptz", "json"],
  text: `select p.* from (select json_array_elements_text($4::json) as endpoint_id) e
    cross join lateral (${PAGE}) p`,
};

function dueOf(r: unknown[]): Due {
  return {
    id: String(r[0]),
    orgId: String(r[1]),
    endpointId: String(r[2]),
    dueAt: dateOf(r[3])?.getTime() ?? 0,
  };
}

/** The free deliveries of every endpoint due by `until` (default now), at most `perEndpoint` each. */
export async function scanDue(db: Db, now: Date, perEndpoint: number, until: Date = now): Promise<Due[]> {
  const rows = await runPrepared(db, SCAN_DUE, [now.toISOString(), String(perEndpoint), until.toISOString()]);
  return rows.map(dueOf);
}

/** The due and free deliveries of these endpoints, at most `perEndpoint` each. */
export async function refillDue(
  db: Db,
  now: Date,
  perEndpoint: number,
  endpointIds: readonly string[],
): Promise<Due[]> {
  if (endpointIds.length === 0) return [];
  const rows = await runPrepared(db, REFILL_DUE, [
    now.toISOString(),
    String(perEndpoint),
    now.toISOString(),
    JSON.stringify(endpointIds),
  ]);
  return rows.map(dueOf);
}
