/**
 * Which due deliveries the embedded worker claims next, fairly (docs/decisions/1023): the text of
 * the claim's `due` step (lib/webhooks/delivery/claim.ts), with `$1` now, `$2` how many at most,
 * `$5` the attempts an endpoint may have in flight and `$6` an org's. In flight means leased
 * (`locked_until > now`), counted in the database, so the caps hold across every instance.
 *
 * 1. The endpoints with due work, one index probe each (a loose scan of
 *    `deliveries_endpoint_due_idx`): a backlog of one endpoint costs one probe, not a row each.
 * 2. What each of their orgs has in flight (`deliveries_org_leased_idx`), counted once per org.
 * 3. Each endpoint of an org with free places offers its oldest due rows, at most its own free
 *    places (`deliveries_endpoint_leased_idx`, counted once per endpoint) and its org's (not the
 *    batch's `$2`: claimers side by side need the rows after it, step 5): a hanging endpoint
 *    fills its own places and then offers nothing until its attempts end, and a full org offers
 *    nothing at all (its endpoints cost the probe of step 1, no count).
 * 4. The offers are ranked within each org, endpoints taking turns (each endpoint's first row,
 *    then each one's second, …), cut at the org's free places, and the batch takes the orgs in
 *    turn (every org's first row, then every org's second, …): an org with a large backlog gets
 *    the same share of each batch as an org with one event.
 * 5. The batch's LIMIT applies after SKIP LOCKED, so claimers running side by side on PostgreSQL
 *    each take the next rows of the same ranking instead of all racing for its first `$2` (and
 *    leaving the rest). The ranking is cut at the free places, so together they stay within them.
 *
 * Every step but the last is MATERIALIZED and the last reads the ranking first: the plan must not
 * depend on statistics, which the embedded database never gathers (PGlite runs no autovacuum). A
 * generic plan that re-ran the ranking and its per-org count for every pending row took 8 s with
 * 500 rows pending (docs/decisions/1105).
 */
export const FAIR_DUE = `with recursive endpoints(endpoint_id) as (
      (select endpoint_id from deliveries
        where status = 'pending' and next_attempt_at <= $1::timestamptz
        order by endpoint_id limit 1)
      union all
      select (select d.endpoint_id from deliveries d
          where d.status = 'pending' and d.next_attempt_at <= $1::timestamptz
            and d.endpoint_id > e.endpoint_id
          order by d.endpoint_id limit 1)
      from endpoints e where e.endpoint_id is not null
    ), owners as materialized (
      select e.endpoint_id, w.org_id
      from endpoints e join webhook_endpoints w on w.id = e.endpoint_id
    ), org_free as materialized (
      select o.org_id, $6::int - (select count(*) from deliveries l
          where l.org_id = o.org_id and l.status = 'pending'
            and l.locked_until is not null and l.locked_until > $1::timestamptz) as free
      from (select distinct org_id from owners) o
    ), offers as materialized (
      select c.id, f.org_id, f.free, c.next_attempt_at, c.turn
      from owners e join org_free f on f.org_id = e.org_id
      cross join lateral (
        select d.id, d.next_attempt_at,
          row_number() over (order by d.next_attempt_at, d.id) as turn
        from deliveries d
        where d.endpoint_id = e.endpoint_id and d.status = 'pending'
          and d.next_attempt_at <= $1::timestamptz
          and (d.locked_until is null or d.locked_until <= $1::timestamptz)
        order by d.next_attempt_at, d.id
        limit greatest(0, least(f.free, $5::int - (select count(*) from deliveries l
          where l.endpoint_id = e.endpoint_id and l.status = 'pending'
            and l.locked_until is not null and l.locked_until > $1::timestamptz)))
      ) c
      where f.free > 0
    ), ranked as materialized (
      select r.id, r.next_attempt_at, r.org_turn from (
        select o.id, o.next_attempt_at, o.free,
          row_number() over (partition by o.org_id order by o.turn, o.next_attempt_at, o.id) as org_turn
        from offers o
      ) r
      where r.org_turn <= r.free
      order by r.org_turn, r.next_attempt_at, r.id
    ), due as (
      select d.id from ranked r join deliveries d on d.id = r.id
      where d.status = 'pending'
        and (d.locked_until is null or d.locked_until <= $1::timestamptz)
      order by r.org_turn, r.next_attempt_at, r.id
      limit $2::int
      for update of d skip locked
    )`;
