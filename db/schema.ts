import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { enumCheckName, enumCheckSql, enumColumn } from "./enum-columns";
import type {
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
  VERIFY_FAILURES,
  WEBAUTHN_PURPOSES,
} from "./enums";

// The schema imports no domain module (docs/decisions/1022): its value lists live in db/enums.ts.
type Plan = (typeof PLANS)[number];
type Role = (typeof ROLES)[number];
type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];
type Environment = (typeof ENVIRONMENTS)[number];
type RoomType = (typeof ROOM_TYPES)[number];
type RoomState = (typeof ROOM_STATES)[number];
type RecordingState = (typeof RECORDING_STATES)[number];
type RoomRecordMode = (typeof ROOM_RECORD_MODES)[number];
type ApiKeyScope = (typeof API_KEY_SCOPES)[number];
type KeyGrant = (typeof KEY_GRANTS)[number];
type SigningAlg = (typeof SIGNING_ALGS)[number];
type CatalogEvent = (typeof CATALOG_EVENTS)[number];
type DeliveryEventType = (typeof DELIVERY_EVENT_TYPES)[number];
type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];
type ErrorClass = (typeof ERROR_CLASSES)[number];
type MediaReportType = (typeof MEDIA_REPORT_TYPES)[number];
type EmailKind = (typeof EMAIL_KINDS)[number];
type EmailState = (typeof EMAIL_STATES)[number];
type ActorType = (typeof ACTOR_TYPES)[number];
type AuditAction = (typeof AUDIT_ACTIONS)[number];
type KnockState = (typeof KNOCK_STATES)[number];
type StreamState = (typeof STREAM_STATES)[number];

/** The CHECK constraint of an enum-like column (migration 0018), from db/enum-columns.ts. */
function enumCheck(table: string, column: string) {
  const c = enumColumn(table, column);
  return check(enumCheckName(c), sql.raw(enumCheckSql(c)));
}

/** Millisecond precision everywhere: the API prints milliseconds and cursors compare them exactly. */
const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });
const createdAt = () => ts("created_at").notNull().defaultNow();

export const orgs = pgTable(
  "orgs",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    planSelected: boolean("plan_selected").notNull().default(false),
    plan: text("plan").$type<Plan>(),
    createdAt: createdAt(),
    /** Every member must have two-factor on before doing anything else (migration 0030, docs/decisions/1263). */
    requireTwoFactor: boolean("require_two_factor").notNull().default(false),
  },
  () => [enumCheck("orgs", "plan")],
);

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    /** Stored lower-cased: sign-in matches addresses case-insensitively. */
    email: text("email").notNull(),
    displayName: text("display_name").notNull(),
    passwordHash: text("password_hash").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

export const memberships = pgTable(
  "memberships",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role").$type<Role>().notNull(),
    createdAt: createdAt(),
    /** The member closed the overview's getting-started checklist (migration 0021). */
    checklistDismissedAt: ts("checklist_dismissed_at"),
  },
  (t) => [
    enumCheck("memberships", "role"),
    primaryKey({ columns: [t.orgId, t.userId] }),
    // Session load: membership by user (the sign-in picks the user's org).
    index("memberships_user_idx").on(t.userId),
    // GET members: keyset page of one org, newest first; last_owner counts the org's Owners.
    index("memberships_org_created_idx").on(t.orgId, t.createdAt.desc(), t.userId.desc()),
  ],
);

/**
 * Server-side sessions (docs/decisions/0900): the session JWT carries the row's id (`sid`), and
 * the member lookup every request makes joins this row, so deleting it ends the session at once
 * (logout, logout-all, password change or reset, removal) without an extra query. The row also
 * holds the org the session is in (the org switcher changes it).
 */
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    /** Pushed forward when the token is renewed; expired rows are purged at the user's next sign-in. */
    expiresAt: ts("expires_at").notNull(),
    /** Where the session began (lib/http/client-ip.ts) and with what, for the sessions list (migration 0030). */
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** Moved at most every few minutes by the session's requests (lib/sessions/touch-session.ts). */
    lastSeenAt: ts("last_seen_at"),
  },
  (t) => [
    // logout-all, password change/reset, removal from an org: every session of one user.
    index("sessions_user_idx").on(t.userId),
  ],
);

/**
 * A user's TOTP second factor (migration 0030, docs/decisions/1260): the secret encrypted with
 * SVC_ENCRYPTION_KEY (lib/crypto/secret-box.ts); unconfirmed while enrolment is under way. The
 * last accepted time step refuses a code's replay in its window.
 */
export const userTotp = pgTable("user_totp", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  confirmedAt: ts("confirmed_at"),
  lastStep: bigint("last_step", { mode: "number" }),
  createdAt: createdAt(),
});

/** Single-use recovery codes, SHA-256 only (docs/decisions/1260). */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: ts("used_at"),
    createdAt: createdAt(),
  },
  // Sign-in with a code: the user's code by its hash; replacing the set: the user's codes.
  (t) => [uniqueIndex("recovery_codes_user_code_key").on(t.userId, t.codeHash)],
);

/** Browsers that may skip the second factor for 30 days, by the SHA-256 of their cookie (docs/decisions/1261). */
export const rememberedDevices = pgTable(
  "remembered_devices",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    // Sign-in: the cookie's device by its hash.
    uniqueIndex("remembered_devices_token_key").on(t.tokenHash),
    // Two-factor turned off or a password reset: every device of one user.
    index("remembered_devices_user_idx").on(t.userId),
  ],
);

/** Invitations to join an org (distinct from room invitations): a single-use link, 7 days. */
export const orgInvitations = pgTable(
  "org_invitations",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    /** Lower-cased. */
    email: text("email").notNull(),
    role: text("role").$type<Role>().notNull(),
    /** SHA-256 of the link's token; the token itself is only ever in the email. */
    tokenHash: text("token_hash").notNull(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    acceptedAt: ts("accepted_at"),
    revokedAt: ts("revoked_at"),
  },
  (t) => [
    enumCheck("org_invitations", "role"),
    // Accept: the link's token, by its hash.
    uniqueIndex("org_invitations_token_key").on(t.tokenHash),
    // GET invitations: the org's pending ones, newest first, keyset.
    index("org_invitations_org_created_idx").on(t.orgId, t.createdAt.desc(), t.id.desc()),
    // Create: the pending invitation of one address that a new one replaces.
    index("org_invitations_org_email_idx").on(t.orgId, t.email),
  ],
);

/**
 * Single-use emailed links of accounts: sign-up verification (24 h) and password reset (30 min).
 * Only the token's SHA-256 is stored.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: text("id").primaryKey(),
    kind: text("kind").$type<AccountTokenKind>().notNull(),
    tokenHash: text("token_hash").notNull(),
    /** Lower-cased. */
    email: text("email").notNull(),
    /** The account a reset is for; null for a sign-up (the user does not exist yet). */
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Sign-up: display name, org name and the password's scrypt hash, applied on verification. */
    data: jsonb("data").notNull().default({}),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
    usedAt: ts("used_at"),
  },
  (t) => [
    enumCheck("account_tokens", "kind"),
    // Verify-email and reset confirm: the link's token, by its hash.
    uniqueIndex("account_tokens_token_key").on(t.tokenHash),
    // A used reset link or a password change ends the user's other unused links (docs/decisions/1054).
    index("account_tokens_user_unused_idx").on(t.userId, t.kind).where(sql`${t.usedAt} is null`),
    // Sign-in of an address without an account: its newest unconfirmed sign-up (decision 1351).
    index("account_tokens_email_kind_unused_idx")
      .on(t.email, t.kind, t.createdAt)
      .where(sql`${t.usedAt} is null`),
  ],
);

export const projects = pgTable(
  "projects",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    environment: text("environment").$type<Environment>().notNull().default("prod"),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("projects", "environment"),
    // POST projects: slug_taken is decided by this constraint, race-free.
    uniqueIndex("projects_org_slug_key").on(t.orgId, t.slug),
    // GET projects: keyset page, newest first, within one org.
    index("projects_org_created_idx").on(t.orgId, t.createdAt.desc(), t.id.desc()),
  ],
);

export const rooms = pgTable(
  "rooms",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    type: text("type").$type<RoomType>().notNull(),
    state: text("state").$type<RoomState>().notNull().default("created"),
    shortCode: text("short_code").notNull(),
    activeParticipants: integer("active_participants").notNull().default(0),
    createdAt: createdAt(),
    startedAt: ts("started_at"),
    endedAt: ts("ended_at"),
    /** The media node the room is placed on (lib/media/place-room.ts); null until its first credential. */
    mediaNode: text("media_node"),
    /** off | manual | auto: whether the room may be recorded, and from its first join (docs/decisions/1080). */
    record: text("record").$type<RoomRecordMode>().notNull().default("manual"),
    /**
     * When the room's node was lost while the room was active (docs/decisions/1202): its
     * participants were left; the room stays joinable for the failover grace, then ends.
     */
    mediaLostAt: ts("media_lost_at"),
    /** The share link admits nobody new (docs/decisions/1350); people inside and tokens issued are untouched. */
    linkLocked: boolean("link_locked").notNull().default(false),
    /** Share-link guests knock and wait until a member admits them (docs/decisions/1350). */
    waitingRoom: boolean("waiting_room").notNull().default(false),
  },
  (t) => [
    enumCheck("rooms", "type"),
    enumCheck("rooms", "state"),
    enumCheck("rooms", "record"),
    // Auto-recording sweep: active rooms that record from their first join (lib/recordings/start-auto-recordings.ts).
    index("rooms_auto_record_active_idx").on(t.id).where(sql`record = 'auto' AND state = 'active'`),
    // Placement counts open rooms per node; reconcile reads a node's open rooms.
    index("rooms_media_node_open_idx")
      .on(t.mediaNode)
      .where(sql`media_node IS NOT NULL AND state <> 'ended'`),
    // Share links, invitations and room tokens resolve a short code.
    uniqueIndex("rooms_short_code_key").on(t.shortCode),
    // GET rooms (org-wide, optionally by state): keyset page, newest first.
    index("rooms_org_created_idx").on(t.orgId, t.createdAt.desc(), t.id.desc()),
    index("rooms_org_state_created_idx").on(t.orgId, t.state, t.createdAt.desc(), t.id.desc()),
    // GET rooms?project_id=: keyset page within one project.
    index("rooms_project_created_idx").on(t.projectId, t.createdAt.desc(), t.id.desc()),
    // GET rooms?q=: a case-insensitive name prefix within one org (docs/decisions/1072).
    index("rooms_org_name_idx").on(t.orgId, sql`lower(${t.name}) text_pattern_ops`),
    // Failover: rooms whose node was lost, until they are placed again or end (migration 0026).
    index("rooms_media_lost_idx")
      .on(t.mediaLostAt)
      .where(sql`media_lost_at IS NOT NULL AND state <> 'ended'`),
  ],
);

/**
 * Insert-only changes to org_counters (docs/decisions/1203): the rooms triggers write one row per
 * statement and org, so no two writers of an org wait on a shared row; fold-org-counters folds
 * them into org_counters, and readers add what is not folded yet.
 */
export const orgCounterDeltas = pgTable(
  "org_counter_deltas",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: text("org_id").notNull(),
    key: text("key").notNull(),
    d: bigint("d", { mode: "number" }).notNull(),
  },
  (t) => [index("org_counter_deltas_org_idx").on(t.orgId, t.key)],
);

/**
 * Running counts per org (docs/decisions/0844), kept by statement-level triggers on `rooms`
 * (migration `org-counters-triggers`), so the overview reads a few rows however many rooms an org
 * has. Keys: `rooms:<state>` (rooms in that state now) and `rooms_created:<YYYY-MM-DD>` (UTC day).
 * The primary key serves the overview's read (lib/insights/load-room-figures.ts).
 */
export const orgCounters = pgTable(
  "org_counters",
  {
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.key] })],
);

/** Who is in a room right now, so "last participant left" is exact under repeated reports. */
export const roomParticipants = pgTable(
  "room_participants",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    identity: text("identity").notNull(),
    joinedAt: ts("joined_at").notNull(),
    leftAt: ts("left_at"),
  },
  (t) => [
    primaryKey({ columns: [t.roomId, t.identity] }),
    // GET rooms/:id/participants: who is present, newest arrival first.
    index("room_participants_present_idx")
      .on(t.roomId, t.joinedAt.desc(), t.identity.desc())
      .where(sql`left_at IS NULL`),
  ],
);

/**
 * The name a participant gave when they joined through the room's share link (migration 0033,
 * docs/decisions/1305): written where the guest token is minted, read by the live view, the
 * timeline and the Remove confirmation so a host sees "Grace Hopper", not `guest_KpOT…`. The media
 * plane's reports carry identities only; the name is ours from the moment we minted it.
 */
export const roomParticipantNames = pgTable(
  "room_participant_names",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    identity: text("identity").notNull(),
    displayName: text("display_name").notNull(),
    createdAt: createdAt(),
  },
  // The primary key serves the lookups: (room, identity) for each person listed.
  (t) => [primaryKey({ columns: [t.roomId, t.identity] })],
);

/** What a room's timeline records (db/enums.ts). */
export type RoomActivityType = (typeof ROOM_ACTIVITY_TYPES)[number];
export interface RoomActivityDetail {
  recording_id?: string;
  qos_kind?: string;
  qos_value?: number;
}

/**
 * A room's timeline (GET rooms/:id/timeline): joins, leaves, recordings, quality alerts and the end,
 * written in the transaction of the report or change that caused them (migration 0021). The room's
 * creation is the room row itself.
 */
export const roomActivity = pgTable(
  "room_activity",
  {
    id: text("id").primaryKey(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    type: text("type").$type<RoomActivityType>().notNull(),
    identity: text("identity"),
    detail: jsonb("detail").$type<RoomActivityDetail>(),
    occurredAt: ts("occurred_at").notNull(),
  },
  (t) => [
    index("room_activity_room_idx").on(t.roomId, t.occurredAt.desc(), t.id.desc()),
    enumCheck("room_activity", "type"),
  ],
);

/**
 * One client connection to a room on the media plane (lib/media/connections.ts): who it is (from
 * the credential it presented, never stored itself), its media-plane participant id once it
 * joined, and when it joined and left. Several connections of one identity make one participant.
 * `connection_id` and `session_ref` are the driver's (Janus: `<session>:<handle>` and the session).
 */
export const mediaConnections = pgTable(
  "media_connections",
  {
    connectionId: text("connection_id").primaryKey(),
    sessionRef: text("session_ref").notNull(),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    identity: text("identity").notNull(),
    role: text("role").notNull(),
    participantRef: text("participant_ref"),
    joinedAt: ts("joined_at"),
    leftAt: ts("left_at"),
    createdAt: createdAt(),
    /** When its credential was minted, to the ms (revocations compare it: docs/decisions/1320). */
    issuedAt: ts("issued_at"),
    /** Its credential asked to be ejected at its expiry (`ejectAtExpiry`): when (docs/decisions/1323). */
    ejectAt: ts("eject_at"),
    /** The project key that minted its credential (revoking the key's room tokens: docs/decisions/1321). */
    keyId: text("key_id"),
    /** What it publishes, as the plane reported it (Janus: kind and mid per stream), for muting. */
    publishedTracks: jsonb("published_tracks").$type<{ kind: "audio" | "video"; mid: string }[]>(),
  },
  (t) => [
    // eject-expired-participants: present connections whose credential asked to leave at expiry.
    index("media_connections_eject_idx").on(t.ejectAt).where(sql`eject_at IS NOT NULL AND left_at IS NULL`),
    // Revoking a key's room tokens removes the connections it admitted.
    index("media_connections_key_idx").on(t.keyId).where(sql`key_id IS NOT NULL AND left_at IS NULL`),
    // A session's end closes its connections.
    index("media_connections_session_idx").on(t.sessionRef),
    // A leave names the room and the participant id; reconcile reads a room's connections.
    index("media_connections_room_participant_idx").on(t.roomId, t.participantRef),
    // Whether an identity still has another connection in the room.
    index("media_connections_room_identity_idx").on(t.roomId, t.identity),
    // Reconcile prunes rows older than any credential.
    index("media_connections_created_idx").on(t.createdAt),
  ],
);

export const recordings = pgTable(
  "recordings",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    /** started | completed | failed; only completed rows are listed (docs/spec/product-decisions.md §7). */
    state: text("state").$type<RecordingState>().notNull(),
    objectKey: text("object_key"),
    startedAt: ts("started_at").notNull(),
    durationSec: integer("duration_sec"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    readyAt: ts("ready_at"),
    failureReason: text("failure_reason"),
    /** The media plane's handle for the recording (startRecording's answer; LiveKit: the egress id). */
    mediaRef: text("media_ref"),
    /** When a stop was asked for, or the room ended: the plane finishes the file from then on. */
    stoppedAt: ts("stopped_at"),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("recordings", "state"),
    // GET recordings: completed rows of one org, newest first.
    index("recordings_org_state_started_idx").on(t.orgId, t.state, t.startedAt.desc(), t.id.desc()),
    index("recordings_room_idx").on(t.roomId),
    // A media plane's report names its own handle (LiveKit: the egress id): the recording it is.
    index("recordings_media_ref_idx").on(t.mediaRef).where(sql`media_ref IS NOT NULL`),
    // Deletes check that no other row points at a key or prefix (lib/storage/object-deletions.ts).
    index("recordings_object_key_idx")
      .on(t.objectKey.op("text_pattern_ops"))
      .where(sql`object_key IS NOT NULL`),
    // Recordings stopped and still waiting for their file (lib/recordings/start-auto-recordings.ts).
    index("recordings_stopped_in_progress_idx")
      .on(t.stoppedAt)
      .where(sql`state IN ('recording', 'started') AND stopped_at IS NOT NULL`),
    // GET recordings?project_id=…[&until=&since=]: one project's completed rows, newest first, by
    // started_at ranges (lib/recordings/list-recordings.ts); also a project's recordings at deletion.
    index("recordings_project_state_started_idx").on(t.projectId, t.state, t.startedAt.desc(), t.id.desc()),
  ],
);

/**
 * One output of a live stream as stored (issue 45): `hls` (segments in the service's storage) or
 * `rtmp` (a customer's destination; its stream key sealed with the at-rest key, never served).
 */
export interface StoredStreamOutput {
  kind: "hls" | "rtmp";
  url?: string;
  keyCiphertext?: string;
  state: "pending" | "live" | "ended" | "failed";
  failureReason?: string;
}

/** Live streams of rooms (issue 45, migration 0037; docs/streaming.md). */
export const streams = pgTable(
  "streams",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    state: text("state").$type<StreamState>().notNull(),
    outputs: jsonb("outputs").$type<StoredStreamOutput[]>().notNull(),
    /** The media node the stream was started on, and the plane's handle for it (Janus: its forwarders). */
    mediaNode: text("media_node"),
    mediaRef: text("media_ref"),
    startedAt: ts("started_at"),
    /** When a stop was asked for, or the room ended. */
    stoppedAt: ts("stopped_at"),
    endedAt: ts("ended_at"),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    /** Reconcile passes in a row that did not find it on its plane (docs/decisions/1400, migration 0044). */
    reconcileMisses: integer("reconcile_misses").notNull().default(0),
  },
  (t) => [
    enumCheck("streams", "state"),
    // GET rooms/:id/streams: one room's streams, newest first; the room's running streams.
    index("streams_room_created_idx").on(t.roomId, t.createdAt.desc(), t.id.desc()),
    // GET …/streams/:id and the agent's look-ups are by primary key, scoped by org in the WHERE.
    // Reconcile: a node's running streams (lib/streams/reconcile-streams.ts, migration 0044).
    index("streams_running_node_idx").on(t.mediaNode).where(sql`state IN ('starting', 'live')`),
  ],
);

export const apiKeys = pgTable(
  "api_keys",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    projectId: text("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope").$type<ApiKeyScope>().notNull(),
    grants: text("grants").array().$type<KeyGrant[]>().notNull(),
    /** hex SHA-256 of the whole secret; the secret itself is never stored. */
    secretHash: text("secret_hash").notNull(),
    prefix: text("prefix").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    rotatedAt: ts("rotated_at"),
    revokedAt: ts("revoked_at"),
    lastUsedAt: ts("last_used_at"),
    /** Room tokens this key minted before this time admit nobody (docs/decisions/1321). */
    roomTokensRevokedAt: ts("room_tokens_revoked_at"),
  },
  (t) => [
    enumCheck("api_keys", "scope"),
    enumCheck("api_keys", "grants"),
    // Project-key authentication looks a key up by the hash of the presented secret.
    uniqueIndex("api_keys_secret_hash_key").on(t.secretHash),
    // Console: keys of one project.
    index("api_keys_project_idx").on(t.projectId, t.createdAt.desc()),
    // Overview checklist: has the org a key, and has one been used (lib/insights/load-checklist.ts).
    index("api_keys_org_used_idx").on(t.orgId, t.lastUsedAt),
  ],
);

/**
 * Workspace API keys (docs/decisions/1290): an org-level credential for automation, accepted by the
 * whole `/v1/workspace` API with a role and an optional project scope. Presented as
 * `svc_wk_<id>.<secret>`; only the SHA-256 of the secret is stored, compared in constant time.
 */
export const workspaceKeys = pgTable(
  "workspace_keys",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role").$type<Role>().notNull(),
    /** Null: the whole org. A key scoped to a project goes with it. */
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    /** hex SHA-256 of the secret part; the secret itself is never stored. */
    secretHash: text("secret_hash").notNull(),
    /** The visible start of the presented key, for lists and logs. */
    prefix: text("prefix").notNull(),
    /** The user who made it (or null: a key made by a key, or a user since deleted). */
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    /** The key that made it, when a key did. */
    createdByKey: text("created_by_key"),
    createdAt: createdAt(),
    expiresAt: ts("expires_at"),
    rotatedAt: ts("rotated_at"),
    revokedAt: ts("revoked_at"),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [
    enumCheck("workspace_keys", "role"),
    // The console's list: an org's keys, newest first.
    index("workspace_keys_org_created_idx").on(t.orgId, t.createdAt.desc()),
    // A project's deletion cascades through it.
    index("workspace_keys_project_idx").on(t.projectId),
  ],
);

/** Room-token signing keys of the embedded default (production passes its key via env). */
export const tokenSigningKeys = pgTable(
  "token_signing_keys",
  {
    kid: text("kid").primaryKey(),
    alg: text("alg").$type<SigningAlg>().notNull(),
    /** The private JWK, encrypted with the at-rest key. */
    privateJwkCiphertext: text("private_jwk_ciphertext").notNull(),
    publicJwk: jsonb("public_jwk").notNull(),
    createdAt: createdAt(),
    retiredAt: ts("retired_at"),
  },
  () => [enumCheck("token_signing_keys", "alg")],
);

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    /** null: org-wide (endpoint 9); set: registered by a project key (endpoint 15). */
    projectId: text("project_id").references(() => projects.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().$type<CatalogEvent[]>().notNull(),
    description: text("description"),
    active: boolean("active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: ts("updated_at"),
    /** Deliveries per second at most (null: unlimited); a throttled delivery waits (0942). */
    rateLimit: doublePrecision("rate_limit"),
    /** Rate limiting: the earliest instant the next attempt may start (slots reserved atomically). */
    rateNextAt: ts("rate_next_at"),
    /** Health (0943): the first failed attempt since the last success; null when healthy. */
    failingSince: ts("failing_since"),
    lastSuccessAt: ts("last_success_at"),
    lastFailureError: text("last_failure_error"),
    /** When the owners were told the endpoint is failing (once per failing spell). */
    failingNotifiedAt: ts("failing_notified_at"),
    /** Set when health disabled the endpoint (active is false then); cleared when re-enabled. */
    disabledAt: ts("disabled_at"),
    disabledReason: text("disabled_reason"),
    /** https: posted to `url`; inbox: the service's own test inbox (docs/decisions/1073). */
    kind: text("kind").$type<(typeof ENDPOINT_KINDS)[number]>().notNull().default("https"),
    /** Test inboxes expire; null for every https endpoint. */
    expiresAt: ts("expires_at"),
  },
  (t) => [
    enumCheck("webhook_endpoints", "events"),
    enumCheck("webhook_endpoints", "kind"),
    // Retention: expired test inboxes.
    index("webhook_endpoints_expires_idx").on(t.expiresAt).where(sql`expires_at IS NOT NULL`),
    // GET webhooks and fan-out at event time: endpoints of one org.
    index("webhook_endpoints_org_idx").on(t.orgId, t.createdAt.desc(), t.id.desc()),
    // The health pass: active endpoints in a failing spell.
    index("webhook_endpoints_failing_idx")
      .on(t.failingSince)
      .where(sql`failing_since IS NOT NULL AND active`),
  ],
);

export const webhookSigningSecrets = pgTable(
  "webhook_signing_secrets",
  {
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    kid: text("kid").notNull(),
    /** AES-256-GCM ciphertext of the `whsec_…` secret. */
    secretCiphertext: text("secret_ciphertext").notNull(),
    createdAt: createdAt(),
    /** Set on rotation: the old kid stays loadable until then (24 h). */
    expiresAt: ts("expires_at"),
  },
  (t) => [primaryKey({ columns: [t.endpointId, t.kid] })],
);

/** The transactional outbox: one row per domain event, written with the change that caused it. */
export const events = pgTable(
  "events",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    projectId: text("project_id"),
    type: text("type").$type<DeliveryEventType>().notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("events", "type"),
    index("events_org_created_idx").on(t.orgId, t.createdAt.desc()),
    // svc listen: an org's new events in order (migration 0020, docs/decisions/1062).
    index("events_org_created_id_idx").on(t.orgId, t.createdAt, t.id),
    // Retention: events past the webhook retention whose deliveries are gone, oldest first.
    index("events_created_idx").on(t.createdAt),
  ],
);

export const deliveries = pgTable(
  "deliveries",
  {
    id: text("id").primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    orgId: text("org_id").notNull(),
    /** The `evt_` id sent as X-SVC-Webhook-Id: one per (event, endpoint), the same on every attempt. */
    webhookId: text("webhook_id").notNull(),
    /** The request body exactly as sent and signed on every attempt: built once, at fan-out. */
    body: text("body").notNull(),
    /** pending | succeeded | gone (410) | dead (schedule exhausted) | cancelled (endpoint disabled) */
    status: text("status").$type<DeliveryStatus>().notNull().default("pending"),
    attemptCount: integer("attempt_count").notNull().default(0),
    /** attempt_count when the current retry schedule began: 0, or the count at a redelivery. */
    scheduleBase: integer("schedule_base").notNull().default(0),
    nextAttemptAt: ts("next_attempt_at"),
    /** Embedded runner lease: a claimed row is invisible to other claimers until this passes. */
    lockedUntil: ts("locked_until"),
    /** The instance holding the lease (`instances.id`): a dead holder's lease is released early. */
    lockedBy: text("locked_by"),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    /** Inngest driver: when the delivery's run was requested (null: not yet handed to Inngest). */
    dispatchedAt: ts("dispatched_at"),
    createdAt: createdAt(),
    completedAt: ts("completed_at"),
  },
  (t) => [
    enumCheck("deliveries", "status"),
    uniqueIndex("deliveries_event_endpoint_key").on(t.eventId, t.endpointId),
    uniqueIndex("deliveries_webhook_id_key").on(t.webhookId),
    // Embedded runner: claim due pending deliveries in time order.
    index("deliveries_due_idx").on(t.nextAttemptAt).where(sql`status = 'pending'`),
    // Delivery log of one endpoint, newest first.
    index("deliveries_endpoint_created_idx").on(t.endpointId, t.createdAt.desc(), t.id.desc()),
    // Inngest driver: pending deliveries not yet handed to Inngest (post-commit dispatch, sweeper).
    index("deliveries_undispatched_idx")
      .on(t.createdAt)
      .where(sql`status = 'pending' AND dispatched_at IS NULL`),
    // Overview: an org's deliveries of the last 7 days (lib/insights/load-activity.ts).
    index("deliveries_org_created_idx").on(t.orgId, t.createdAt),
    // Retention: ended deliveries (delivered, gone, dead, cancelled) oldest first.
    index("deliveries_completed_idx").on(t.completedAt).where(sql`status <> 'pending'`),
    // Fair claiming (docs/decisions/1023): endpoints with due work, and what each endpoint and org
    // has in flight.
    index("deliveries_endpoint_due_idx").on(t.endpointId, t.nextAttemptAt).where(sql`status = 'pending'`),
    index("deliveries_endpoint_leased_idx")
      .on(t.endpointId)
      .where(sql`status = 'pending' AND locked_until IS NOT NULL`),
    index("deliveries_org_leased_idx")
      .on(t.orgId)
      .where(sql`status = 'pending' AND locked_until IS NOT NULL`),
    // Lease recovery: leases held by an instance whose heartbeat stopped.
    index("deliveries_locked_by_idx").on(t.lockedBy).where(sql`locked_until IS NOT NULL`),
  ],
);

export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: text("id").primaryKey(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => deliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: ts("started_at").notNull(),
    durationMs: integer("duration_ms").notNull(),
    statusCode: integer("status_code"),
    /** succeeded | retry | gone | dead (the delivery's state after this attempt) */
    outcome: text("outcome").$type<AttemptOutcome>().notNull(),
    responseBody: text("response_body"),
    error: text("error"),
    /** The debugger (0945): the headers as sent, the response's headers, the error's class. */
    requestHeaders: jsonb("request_headers").$type<Record<string, string>>(),
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    /** timeout | tls | dns | refused | reset | redirect | ssrf_blocked | http | signing | other */
    errorClass: text("error_class").$type<ErrorClass>(),
  },
  (t) => [
    enumCheck("delivery_attempts", "outcome"),
    enumCheck("delivery_attempts", "error_class"),
    index("delivery_attempts_delivery_idx").on(t.deliveryId, t.attempt),
  ],
);

/** What a test inbox received (docs/decisions/1073): the request as it arrived, and the verdict. */
export const webhookInboxMessages = pgTable(
  "webhook_inbox_messages",
  {
    id: text("id").primaryKey(),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    body: text("body").notNull(),
    signatureValid: boolean("signature_valid").notNull(),
    /** Why verification failed (lib/webhooks/verify-signature.ts's reasons); null when valid. */
    verifyFailure: text("verify_failure").$type<(typeof VERIFY_FAILURES)[number]>(),
    receivedAt: ts("received_at").notNull().defaultNow(),
  },
  (t) => [
    index("webhook_inbox_messages_endpoint_idx").on(t.endpointId, t.receivedAt.desc(), t.id.desc()),
    enumCheck("webhook_inbox_messages", "verify_failure"),
  ],
);

/** Media-plane reports already applied, so a repeated report id changes nothing. */
export const mediaReports = pgTable(
  "media_reports",
  {
    id: text("id").primaryKey(),
    type: text("type").$type<MediaReportType>().notNull(),
    roomId: text("room_id"),
    receivedAt: createdAt(),
  },
  // Retention: dedupe rows older than 7 days, oldest first.
  (t) => [enumCheck("media_reports", "type"), index("media_reports_received_idx").on(t.receivedAt)],
);

/** What the media intake stores per request (lib/media/accept-intake.ts): JSON, dates as ISO strings. */
export interface MediaIntakeBody {
  observations: Record<string, unknown>[];
  reports: Record<string, unknown>[];
  /** A plane's stream reports (lib/streams/plane-stream-report.ts); absent in older rows. */
  streams?: Record<string, unknown>[];
}

/**
 * Accepted media-plane requests not applied yet (docs/decisions/1200): one insert before the 202;
 * the apply-media-intake job applies a node's requests one at a time in `seq` order and deletes
 * each when done. `position` is the next item to apply, `attempts` its failures so far.
 */
export const mediaIntake = pgTable(
  "media_intake",
  {
    id: text("id").primaryKey(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    driver: text("driver").notNull(),
    node: text("node").notNull(),
    /** Requests of one stream apply one at a time, in order: the node, or the driver's finer key. */
    stream: text("stream").notNull(),
    body: jsonb("body").$type<MediaIntakeBody>().notNull(),
    position: integer("position").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    nextAt: ts("next_at").notNull().defaultNow(),
    leaseUntil: ts("lease_until"),
    lastError: text("last_error"),
    receivedAt: ts("received_at").notNull().defaultNow(),
  },
  (t) => [index("media_intake_stream_seq_idx").on(t.stream, t.seq)],
);

/** Intake items that failed every retry (docs/runbook.md, "Media events dead-lettered"). */
export const mediaDeadLetters = pgTable(
  "media_dead_letters",
  {
    id: text("id").primaryKey(),
    intakeId: text("intake_id").notNull(),
    driver: text("driver").notNull(),
    node: text("node").notNull(),
    position: integer("position").notNull(),
    item: jsonb("item").$type<Record<string, unknown>>().notNull(),
    error: text("error").notNull(),
    attempts: integer("attempts").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("media_dead_letters_created_idx").on(t.createdAt)],
);

/** A leave applied before its join (docs/decisions/1201): the join closes at once when it comes. */
export const mediaEarlyLeaves = pgTable(
  "media_early_leaves",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    participantRef: text("participant_ref").notNull(),
    ref: text("ref").notNull(),
    at: ts("at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: "media_early_leaves_pk", columns: [t.roomId, t.participantRef] }),
    index("media_early_leaves_created_idx").on(t.createdAt),
  ],
);

export const invitations = pgTable(
  "invitations",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_org_created_idx").on(t.orgId, t.createdAt.desc())],
);

export const emails = pgTable(
  "emails",
  {
    id: text("id").primaryKey(),
    /**
     * Null for account emails that belong to no org yet (sign-up verification, password reset);
     * those are read by their addressee (`to`), lib/email/list-mailbox.ts.
     */
    orgId: text("org_id").references(() => orgs.id, { onDelete: "cascade" }),
    /**
     * room_invitation (counted in and held by the org's hourly cap) | account (org invitations,
     * sign-up, password reset: sent at once, outside the cap; docs/spec/product-decisions.md §11).
     */
    kind: text("kind").$type<EmailKind>().notNull().default("room_invitation"),
    invitationId: text("invitation_id").references(() => invitations.id, { onDelete: "cascade" }),
    to: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    state: text("state").$type<EmailState>().notNull().default("queued"),
    /** When the per-org hourly cap lets this one go. */
    releaseAt: ts("release_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: ts("locked_until"),
    /** The instance holding the lease (`instances.id`): a dead holder's lease is released early. */
    lockedBy: text("locked_by"),
    sentAt: ts("sent_at"),
    providerId: text("provider_id"),
    /** "resend" or "mailbox" (the embedded default's local mailbox). */
    transport: text("transport"),
    error: text("error"),
    /**
     * The body with its live single-use link (account emails), sealed with the key from the
     * environment (lib/crypto/secret-box.ts); `html` and `text` keep a copy without the token.
     * Purged once sent through Resend, once the link is used, or at `sealedUntil` (the link's
     * expiry). docs/decisions/1011.
     */
    sealedBody: text("sealed_body"),
    sealedUntil: ts("sealed_until"),
    /** SHA-256 of the sealed link's token, as the token tables keep it: using the link purges it. */
    sealedLinkHash: text("sealed_link_hash"),
    createdAt: createdAt(),
  },
  (t) => [
    enumCheck("emails", "kind"),
    enumCheck("emails", "state"),
    // Runner: due queued emails.
    index("emails_due_idx").on(t.releaseAt).where(sql`state = 'queued'`),
    // Cap: sends and releases of one org within the rolling hour.
    index("emails_org_release_idx").on(t.orgId, t.releaseAt),
    // Mailbox page: newest first.
    index("emails_org_created_idx").on(t.orgId, t.createdAt.desc()),
    // Overview: how many of an org's emails wait in the queue (lib/insights/load-activity.ts).
    index("emails_org_queued_idx").on(t.orgId).where(sql`state = 'queued'`),
    // Retention: sent and failed emails, oldest first.
    index("emails_ended_created_idx").on(t.createdAt).where(sql`state <> 'queued'`),
    // Lease recovery: leases held by an instance whose heartbeat stopped.
    index("emails_locked_by_idx").on(t.lockedBy).where(sql`locked_until IS NOT NULL`),
    // One addressee's emails, newest first (lib/email/list-mailbox.ts, the development mailbox).
    index("emails_to_created_idx").on(t.to, t.createdAt.desc()),
    // Retention: sealed bodies whose link expired (lib/retention/prune-tables.ts).
    index("emails_sealed_until_idx").on(t.sealedUntil).where(sql`sealed_body IS NOT NULL`),
    // Purge on use: the email whose link was just spent (lib/email/purge-sealed-link.ts).
    index("emails_sealed_link_idx").on(t.sealedLinkHash).where(sql`sealed_body IS NOT NULL`),
  ],
);

/**
 * The audit trail (docs/decisions/0602): who did what, when and from where. Append-only: a trigger
 * refuses UPDATE and DELETE. No foreign keys, so entries outlive the users, keys and orgs they name.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    actorType: text("actor_type").$type<ActorType>().notNull(),
    actorId: text("actor_id").notNull(),
    /** The user's email or the key's visible prefix, as it was at the time. */
    actorLabel: text("actor_label"),
    /** e.g. api_key.created, webhook.secret_rotated, plan.selected, auth.signed_in */
    action: text("action").$type<AuditAction>().notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    requestId: text("request_id"),
    /** Non-secret details (a key's name and scope, a webhook's url and events, a plan). */
    metadata: jsonb("metadata").notNull().default({}),
    createdAt: createdAt(),
    /**
     * The hash chain (docs/decisions/0882), set by the database's insert trigger, never by the
     * app: the entry's number in its org's chain, the previous entry's hash, and this entry's.
     */
    seq: bigint("seq", { mode: "number" }),
    prevHash: text("prev_hash"),
    hash: text("hash"),
    /**
     * HMAC of the entry's fields with the audit key, which the database never holds
     * (lib/audit/audit-seal.ts, docs/decisions/1264): an entry INSERTed by anyone but the app fails.
     */
    seal: text("seal"),
  },
  (t) => [
    enumCheck("audit_log", "actor_type"),
    enumCheck("audit_log", "action"),
    // GET audit-log and the console page: one org's entries, newest first, keyset pages.
    index("audit_log_org_created_idx").on(t.orgId, t.createdAt.desc(), t.id.desc()),
    // The audit log filtered by action or by actor (issue 38; migration 0021).
    index("audit_log_org_action_created_idx").on(t.orgId, t.action, t.createdAt.desc(), t.id.desc()),
    index("audit_log_org_actor_created_idx").on(t.orgId, t.actorId, t.createdAt.desc(), t.id.desc()),
    // Retention: entries past SVC_AUDIT_RETENTION_DAYS, oldest first.
    index("audit_log_created_idx").on(t.createdAt),
    // The insert trigger's "last entry of this org" and the chain verification's walk in order; unique,
    // so two entries can never claim the same place in a chain (no fork).
    uniqueIndex("audit_log_org_seq_idx").on(t.orgId, t.seq),
  ],
);

/**
 * Idempotency-Key records (docs/decisions/0600): the first request with a key claims the row
 * (in_progress), runs, and stores its response for 24 h; replays answer the stored response.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    /** Whose key it is: `usr:<userId>:<orgId>` (session) or `key:<apiKeyId>` and the like. */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    /** SHA-256 of method, path and the canonical body: another request under the key is 422. */
    requestHash: text("request_hash").notNull(),
    state: text("state").$type<(typeof IDEMPOTENCY_STATES)[number]>().notNull(),
    /** An in_progress claim older than this was abandoned (crashed process) and may be taken over. */
    lockedUntil: ts("locked_until").notNull(),
    status: integer("status"),
    /** AES-256-GCM box of the stored headers and body: responses can carry once-shown secrets. */
    responseCiphertext: text("response_ciphertext"),
    createdAt: createdAt(),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    enumCheck("idempotency_keys", "state"),
    primaryKey({ columns: [t.scope, t.key] }),
    // The purge of expired keys.
    index("idempotency_keys_expires_idx").on(t.expiresAt),
  ],
);

/** Rate-limit counters of the PostgreSQL store (rate-limiter-flexible; docs/decisions/0601). */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").primaryKey(),
    points: integer("points").notNull().default(0),
    /** Epoch milliseconds, as the library's PostgreSQL store reads and writes it. */
    expire: bigint("expire", { mode: "number" }),
  },
  (t) => [
    // The purge of expired counters.
    index("rate_limits_expire_idx").on(t.expire),
  ],
);

/**
 * Running server instances (docs/decisions/0962): each heartbeats every few seconds; a lease held
 * by an instance whose heartbeat is stale is released before its 60 s (or 2 min) end.
 */
export const instances = pgTable(
  "instances",
  {
    id: text("id").primaryKey(),
    host: text("host").notNull(),
    pid: integer("pid").notNull(),
    startedAt: createdAt(),
    heartbeatAt: ts("heartbeat_at").notNull().defaultNow(),
  },
  // Lease recovery and cleanup: instances whose heartbeat is older than a bound.
  (t) => [index("instances_heartbeat_idx").on(t.heartbeatAt)],
);

/**
 * Where an org's audit chain starts after retention pruned its oldest entries
 * (docs/decisions/0965): the last pruned entry's seq and hash, so verification starts from the
 * oldest remaining entry and still detects anything removed after it.
 */
export const auditLogCheckpoints = pgTable("audit_log_checkpoints", {
  orgId: text("org_id").primaryKey(),
  seq: bigint("seq", { mode: "number" }).notNull(),
  hash: text("hash").notNull(),
  prunedBefore: ts("pruned_before").notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
  /** HMAC of the checkpoint with the audit key, which the database never holds (docs/decisions/1050). */
  seal: text("seal"),
});

/** From when every audit entry must carry a seal (migration 0030; one row, read-only to the app role). */
export const auditSealEpoch = pgTable("audit_seal_epoch", {
  id: boolean("id").primaryKey().default(true),
  sealedFrom: ts("sealed_from").notNull(),
});

/**
 * Stored objects to delete (docs/decisions/0920): written in the transaction that deletes a
 * recording or a project, so the deletion survives a restart; the `delete-stored-objects` job
 * claims due rows with a lease (`next_attempt_at` moves forward), deletes the object and then the
 * row. No foreign key: the object outlives its recording, project and even org rows.
 */
export const objectDeletions = pgTable(
  "object_deletions",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    objectKey: text("object_key").notNull(),
    createdAt: createdAt(),
    /** Due from then: a claim moves it forward by the lease; a failure by the backoff. */
    nextAttemptAt: ts("next_attempt_at").notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
  },
  // The job's claim: due rows, oldest first.
  (t) => [index("object_deletions_due_idx").on(t.nextAttemptAt)],
);

/**
 * Self-hosted licences issued in cloud mode (docs/decisions/1275): the key itself is shown once and
 * never stored (it is a signed statement, re-made by nobody); the row is what the list shows and
 * what the revocation list publishes.
 */
export const licenses = pgTable(
  "licenses",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The licence signing key that signed it (its `kid`). */
    kid: text("kid").notNull(),
    seats: integer("seats").notNull(),
    concurrentParticipants: integer("concurrent_participants").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    revokedAt: ts("revoked_at"),
    revokedBy: text("revoked_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    // The console's list: an org's licences, newest first.
    index("licenses_org_idx").on(t.orgId, t.createdAt.desc(), t.id.desc()),
    // The published revocation list: revoked licences not yet expired.
    index("licenses_revoked_idx").on(t.expiresAt).where(sql`revoked_at IS NOT NULL`),
  ],
);

/** Licence signing keys of the embedded default (production passes SVC_LICENSE_SIGNING_KEY). */
export const licenseSigningKeys = pgTable(
  "license_signing_keys",
  {
    kid: text("kid").primaryKey(),
    alg: text("alg").$type<SigningAlg>().notNull(),
    /** The private JWK, encrypted with the at-rest key. */
    privateJwkCiphertext: text("private_jwk_ciphertext").notNull(),
    publicJwk: jsonb("public_jwk").notNull(),
    createdAt: createdAt(),
  },
  () => [enumCheck("license_signing_keys", "alg")],
);

/**
 * A self-hosted install's licence state, shared by its instances (one row, id 1): what the last
 * check found, when the issuer last answered (the grace clock), the newest revocation list seen
 * (no rollback), and which licence `license.revoked` was already sent for (once per licence).
 */
export const licenseState = pgTable("license_state", {
  id: integer("id").primaryKey(),
  licenseId: text("license_id"),
  status: text("status").notNull(),
  reason: text("reason"),
  checkedAt: ts("checked_at").notNull(),
  /** When this install first checked the licence it holds now: the grace clock starts there if the issuer was never reached. */
  licenseSeenAt: ts("license_seen_at"),
  issuerReachedAt: ts("issuer_reached_at"),
  /** Why the last poll of the revocation list failed; null when it succeeded. */
  issuerError: text("issuer_error"),
  revocationsIssuedAt: ts("revocations_issued_at"),
  revokedLicenseIds: text("revoked_license_ids").array().notNull().default(sql`'{}'::text[]`),
  invalidSince: ts("invalid_since"),
  eventSentFor: text("event_sent_for"),
});

/**
 * A share-link guest waiting to be let in (docs/decisions/1350): the name they typed, a hash of the
 * secret their page polls with, and the member's decision. The token is minted when the admitted
 * guest next polls, once.
 */
export const roomKnocks = pgTable(
  "room_knocks",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    /** SHA-256 of the secret the guest's page holds (hex); the secret itself is never stored. */
    secretHash: text("secret_hash").notNull(),
    state: text("state").$type<KnockState>().notNull().default("waiting"),
    createdAt: createdAt(),
    /** The guest's page polls; a knock not seen for a while is a guest who gave up. */
    lastSeenAt: ts("last_seen_at").notNull().defaultNow(),
    decidedAt: ts("decided_at"),
    decidedBy: text("decided_by"),
    /** When the admitted guest's token was minted: once per knock. */
    tokenIssuedAt: ts("token_issued_at"),
  },
  (t) => [
    enumCheck("room_knocks", "state"),
    // The host's waiting list: a room's knocks by state, oldest first.
    index("room_knocks_room_state_idx").on(t.roomId, t.state, t.createdAt),
  ],
);

/**
 * A person's passkeys (migration 0038, docs/decisions/1340): the WebAuthn credential id and COSE
 * public key (base64url; public, so not encrypted), the signature counter that must move forward
 * (a clone's would not), the transports the browser reported, and a name the person chose.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    credentialId: text("credential_id").notNull(),
    publicKey: text("public_key").notNull(),
    counter: bigint("counter", { mode: "number" }).notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    backedUp: boolean("backed_up").notNull().default(false),
    createdAt: createdAt(),
    lastUsedAt: ts("last_used_at"),
  },
  (t) => [
    // Sign-in: the credential the authenticator names; one credential belongs to one person.
    uniqueIndex("passkeys_credential_key").on(t.credentialId),
    // The person's list (oldest first), the session query's "has a passkey", removal by user.
    index("passkeys_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * Outstanding WebAuthn challenges, single-use (deleted as they are checked) and short-lived
 * (docs/decisions/1340). Registration binds the person; sign-in has no person yet.
 */
export const webauthnChallenges = pgTable(
  "webauthn_challenges",
  {
    challenge: text("challenge").primaryKey(),
    purpose: text("purpose").$type<(typeof WEBAUTHN_PURPOSES)[number]>().notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    expiresAt: ts("expires_at").notNull(),
  },
  (t) => [
    enumCheck("webauthn_challenges", "purpose"),
    // The purge of expired challenges at every issue.
    index("webauthn_challenges_expires_idx").on(t.expiresAt),
  ],
);

/**
 * An org's single sign-on over OpenID Connect (migration 0038, docs/decisions/1343): the provider's
 * issuer, our client id and secret (secret-box encrypted), the role of people it brings in for the
 * first time, and whether password sign-in is refused for its domains.
 */
export const orgSso = pgTable(
  "org_sso",
  {
    orgId: text("org_id")
      .primaryKey()
      .references(() => orgs.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    clientId: text("client_id").notNull(),
    clientSecret: text("client_secret").notNull(),
    defaultRole: text("default_role").$type<Role>().notNull(),
    requireSso: boolean("require_sso").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  () => [enumCheck("org_sso", "default_role")],
);

/** Email domains an org's SSO covers: each claimed by one org at most (the primary key). */
export const ssoDomains = pgTable(
  "sso_domains",
  {
    domain: text("domain").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
  },
  // The org's domains (settings page, replacing them).
  (t) => [index("sso_domains_org_idx").on(t.orgId)],
);

/**
 * SSO sign-ins under way: the SHA-256 of the state (the browser holds it in a cookie too), the
 * nonce the ID token must carry, the PKCE verifier (secret-box encrypted). Single-use, 10 minutes.
 */
export const ssoStates = pgTable(
  "sso_states",
  {
    stateHash: text("state_hash").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    nonce: text("nonce").notNull(),
    codeVerifier: text("code_verifier").notNull(),
    expiresAt: ts("expires_at").notNull(),
  },
  // The purge of expired states at every start.
  (t) => [index("sso_states_expires_idx").on(t.expiresAt)],
);
export * from "./schema-usage";

/**
 * Room-token revocations (docs/decisions/1320): a room's tokens issued before `issued_before` (of
 * one identity, or of everyone when `identity` is null) admit nobody; a join on one is removed.
 */
export const roomRevocations = pgTable(
  "room_revocations",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    identity: text("identity"),
    issuedBefore: ts("issued_before").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // A join checks its room's revocations (few per room): by room, then identity.
    index("room_revocations_room_idx").on(t.roomId, t.identity),
  ],
);

/**
 * Bans (docs/decisions/1322): the identity is refused new room tokens for the room until `until`
 * (null: for good); the ban's revocation cuts off the tokens it already holds.
 */
export const roomBans = pgTable(
  "room_bans",
  {
    roomId: text("room_id")
      .notNull()
      .references(() => rooms.id, { onDelete: "cascade" }),
    identity: text("identity").notNull(),
    orgId: text("org_id")
      .notNull()
      .references(() => orgs.id, { onDelete: "cascade" }),
    until: ts("until"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.identity] })],
);

/**
 * Each room's last event sequence number (docs/decisions/1325): one row per room, so no row is
 * shared by the events of different rooms (nor rewritten by every event of an org).
 */
export const roomEventSequences = pgTable("room_event_sequences", {
  /** No foreign key (migration 0036): an event is numbered whatever the room row does meanwhile. */
  roomId: text("room_id").primaryKey(),
  last: bigint("last", { mode: "number" }).notNull(),
});
