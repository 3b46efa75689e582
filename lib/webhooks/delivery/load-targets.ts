import type { Db } from "@/lib/db";
import { type PreparedStatement, runPrepared } from "@/lib/db-prepared";
import type { DeliveryRow } from "@/lib/webhooks/delivery/delivery-row";
import {
  type SecretRow,
  type SigningKey,
  signingKeysOf,
  type UnsignableError,
} from "@/lib/webhooks/delivery/signed-request";

/** Where and how an attempt is sent: the endpoint, the event's type and the signing keys. */
export interface Target {
  url: string;
  active: boolean;
  type: string;
  rateLimit: number | null;
  disabledAt: Date | null;
  /** The active keys, newest first, or why they can never sign (the attempt then fails). */
  keys: SigningKey[] | UnsignableError;
}

/**
 * The raw SQL both reads of targets share (docs/decisions/0950): a delivery `d`'s event by
 * `events_pkey`, its endpoint by `webhook_endpoints_pkey` and the endpoint's unexpired secrets by
 * `webhook_signing_secrets_pkey` (endpoint_id, kid), newest first. Left joins: a delivery whose
 * endpoint is gone still comes back (with no target). `$1` is now. Timestamps come back as epoch
 * milliseconds (float8), which both drivers return as numbers. A change to these columns in
 * db/schema.ts must change this SQL (tests/delivery-batches.test.ts reads every field).
 */
export const epochMs = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;

/** The target's columns, once: the SQL and the names `targetsOf` reads them by (never a count). */
const TARGET_SELECT = [
  ["endpointId", "e.id"],
  ["url", "e.url"],
  ["active", "e.active"],
  ["type", "ev.type"],
  ["rateLimit", "e.rate_limit"],
  ["disabledAt", epochMs("e.disabled_at")],
  ["kid", "s.kid"],
  ["ciphertext", "s.secret_ciphertext"],
  ["expiresAt", epochMs("s.expires_at")],
] as const;
type TargetField = (typeof TARGET_SELECT)[number][0];

export const TARGET_COLUMNS = TARGET_SELECT.map(([, column]) => column).join(", ");
export const TARGET_JOINS = `left join events ev on ev.id = d.event_id
  left join webhook_endpoints e on e.id = d.endpoint_id
  left join webhook_signing_secrets s on s.endpoint_id = e.id
    and (s.expires_at is null or s.expires_at > $1::timestamptz)`;
export const TARGET_ORDER = "s.created_at desc";
/** A row's target columns by name: they are its last TARGET_SELECT.length values. */
function targetFields(r: readonly unknown[]): Record<TargetField, unknown> {
  const values = r.slice(r.length - TARGET_SELECT.length);
  // Filled below for every name of TARGET_SELECT, so no field stays missing.
  const out = {} as Record<TargetField, unknown>;
  TARGET_SELECT.forEach(([name], i) => {
    out[name] = values[i];
  });
  return out;
}

export const dateOf = (v: unknown): Date | null => (v === null ? null : new Date(Number(v)));

/**
 * Rows of `[delivery id, …, ...TARGET_COLUMNS]` (the target's columns last, a delivery's rows
 * together) as each delivery's target; none for a delivery whose endpoint or event is gone.
 */
export function targetsOf(rows: readonly unknown[][]): Map<string, Target> {
  const targets = new Map<string, { endpoint: string; target: Target }>();
  // The secrets of each endpoint, once: every delivery's rows repeat them (newest first).
  const secrets = new Map<string, SecretRow[]>();
  for (const r of rows) {
    const { endpointId, url, active, type, rateLimit, disabledAt, kid, ciphertext, expiresAt } =
      targetFields(r);
    if (endpointId === null || type === null) continue;
    const id = String(r[0]);
    const endpoint = String(endpointId);
    const list = secrets.get(endpoint) ?? [];
    secrets.set(endpoint, list);
    if (kid !== null && !list.some((k) => k.kid === kid)) {
      list.push({ kid: String(kid), ciphertext: String(ciphertext), expiresAt: dateOf(expiresAt) });
    }
    if (targets.has(id)) continue;
    const target: Target = {
      url: String(url),
      active: active === true,
      type: String(type),
      rateLimit: rateLimit === null ? null : Number(rateLimit),
      disabledAt: dateOf(disabledAt),
      keys: [], // set below, once every secret row has been seen
    };
    targets.set(id, { endpoint, target });
  }
  // One key set per endpoint: a batch usually holds several deliveries to each endpoint.
  const keysByEndpoint = new Map<string, Target["keys"]>();
  const out = new Map<string, Target>();
  for (const [id, { endpoint, target }] of targets) {
    let keys = keysByEndpoint.get(endpoint);
    if (!keys) {
      keys = signingKeysOf(secrets.get(endpoint) ?? []);
      keysByEndpoint.set(endpoint, keys);
    }
    target.keys = keys;
    out.set(id, target);
  }
  return out;
}

const TARGETS_BY_ID: PreparedStatement = {
  name: "svc_delivery_targets",
  types: ["timestamptz", "json"],
  text: `select d.id, ${TARGET_COLUMNS}
    from deliveries d ${TARGET_JOINS}
    where d.id in (select json_array_elements_text($2::json))
    order by d.id, ${TARGET_ORDER}`,
};

/**
 * The targets of some claimed deliveries in one statement (each by `deliveries_pkey`, then the
 * joins above). The worker gets its batch's targets with the claim (claim.ts); this serves the
 * Inngest step's single claim. Read right before the attempt, so a rotation, PATCH or disable
 * applies to every attempt claimed after it commits. A database error is thrown (the caller hands
 * the claim back: not an attempt, 0941).
 */
export async function loadTargets(
  db: Db,
  rows: readonly Pick<DeliveryRow, "id">[],
  now: Date = new Date(),
): Promise<Map<string, Target>> {
  if (rows.length === 0) return new Map();
  const found = await runPrepared(db, TARGETS_BY_ID, [
    now.toISOString(),
    JSON.stringify(rows.map((r) => r.id)),
  ]);
  return targetsOf(found);
}
