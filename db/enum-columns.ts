import {
  ACCOUNT_TOKEN_KINDS,
  ACTOR_TYPES,
  API_KEY_SCOPES,
  ATTEMPT_OUTCOMES,
  AUDIT_ACTIONS,
  CATALOG_EVENTS,
  DELIVERY_EVENT_TYPES,
  DELIVERY_STATUSES,
  EMAIL_KINDS,
  EMAIL_STATES,
  ENDPOINT_KINDS,
  ENVIRONMENTS,
  ERROR_CLASSES,
  IDEMPOTENCY_STATES,
  KEY_GRANTS,
  KNOCK_STATES,
  MEDIA_REPORT_TYPES,
  PLANS,
  RECORDING_STATES,
  ROLES,
  ROOM_ACTIVITY_TYPES,
  ROOM_RECORD_MODES,
  ROOM_STATES,
  ROOM_TYPES,
  SIGNING_ALGS,
  STREAM_STATES,
  USAGE_METRICS,
  USAGE_QUOTA_METRICS,
  VERIFY_FAILURES,
  WEBAUTHN_PURPOSES,
} from "./enums";

/**
 * Every enum-like column and its value list: the CHECK constraints of db/schema.ts and migrations
 * 0018 and 0023 are generated from this list (`enumCheckSql`), and tests/enum-checks.test.ts compares the
 * database's constraints with it (docs/decisions/1022). An array column's elements are checked.
 */
export const ENUM_COLUMNS = [
  { table: "orgs", column: "plan", values: PLANS },
  { table: "memberships", column: "role", values: ROLES },
  { table: "org_invitations", column: "role", values: ROLES },
  { table: "account_tokens", column: "kind", values: ACCOUNT_TOKEN_KINDS },
  { table: "projects", column: "environment", values: ENVIRONMENTS },
  { table: "rooms", column: "type", values: ROOM_TYPES },
  { table: "rooms", column: "state", values: ROOM_STATES },
  { table: "recordings", column: "state", values: RECORDING_STATES },
  { table: "api_keys", column: "scope", values: API_KEY_SCOPES },
  { table: "api_keys", column: "grants", values: KEY_GRANTS, array: true },
  { table: "workspace_keys", column: "role", values: ROLES },
  { table: "token_signing_keys", column: "alg", values: SIGNING_ALGS },
  { table: "license_signing_keys", column: "alg", values: SIGNING_ALGS },
  { table: "webhook_endpoints", column: "events", values: CATALOG_EVENTS, array: true },
  { table: "events", column: "type", values: DELIVERY_EVENT_TYPES },
  { table: "deliveries", column: "status", values: DELIVERY_STATUSES },
  { table: "delivery_attempts", column: "outcome", values: ATTEMPT_OUTCOMES },
  { table: "delivery_attempts", column: "error_class", values: ERROR_CLASSES },
  { table: "media_reports", column: "type", values: MEDIA_REPORT_TYPES },
  { table: "emails", column: "kind", values: EMAIL_KINDS },
  { table: "emails", column: "state", values: EMAIL_STATES },
  { table: "audit_log", column: "actor_type", values: ACTOR_TYPES },
  { table: "audit_log", column: "action", values: AUDIT_ACTIONS },
  { table: "idempotency_keys", column: "state", values: IDEMPOTENCY_STATES },
  { table: "room_activity", column: "type", values: ROOM_ACTIVITY_TYPES },
  { table: "webhook_endpoints", column: "kind", values: ENDPOINT_KINDS },
  { table: "room_knocks", column: "state", values: KNOCK_STATES },
  { table: "webhook_inbox_messages", column: "verify_failure", values: VERIFY_FAILURES },
  { table: "rooms", column: "record", values: ROOM_RECORD_MODES },
  { table: "webauthn_challenges", column: "purpose", values: WEBAUTHN_PURPOSES },
  { table: "org_sso", column: "default_role", values: ROLES },
  { table: "usage_daily", column: "metric", values: USAGE_METRICS },
  { table: "usage_threshold_notices", column: "metric", values: USAGE_QUOTA_METRICS },
  { table: "streams", column: "state", values: STREAM_STATES },
] as const satisfies readonly EnumColumn[];

export interface EnumColumn {
  table: string;
  column: string;
  values: readonly string[];
  array?: boolean;
}

export const enumCheckName = (c: EnumColumn): string => `${c.table}_${c.column}_check`;

/**
 * The constraint's expression, written as PostgreSQL prints it back (`pg_get_constraintdef`), so
 * the test can compare: a scalar is one of the values (NULL passes: nullable columns stay
 * nullable), an array holds only values of the list.
 */
export function enumCheckSql(c: EnumColumn): string {
  const list = `ARRAY[${c.values.map((v) => `'${v.replaceAll("'", "''")}'::text`).join(", ")}]`;
  return c.array ? `${c.column} <@ ${list}` : `${c.column} = ANY (${list})`;
}

/** One column's entry, by table and column (db/schema.ts declares each table's checks with it). */
export function enumColumn(table: string, column: string): EnumColumn {
  const found = ENUM_COLUMNS.find((c) => c.table === table && c.column === column);
  if (!found) throw new Error(`no enum column ${table}.${column} in db/enum-columns.ts`);
  return found;
}
