import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { enumCheckName, enumCheckSql, enumColumn } from "./enum-columns";
import type { USAGE_METRICS, USAGE_QUOTA_METRICS } from "./enums";

/**
 * Usage, sessions and quality (issue 44, migration 0035, docs/usage.md). Its own module so the
 * presence tables of db/schema.ts stay as they are: spans and sessions are written by a trigger on
 * `room_participants` (docs/decisions/1310), in the transaction of the presence change itself.
 * Foreign keys and triggers are declared in the migration; this file types the columns.
 */

/** p50/p95 of one measure; null when no sample had it. */
type KeptStat = { p50: number; p95: number } | null;
/** A quality summary as GET sessions/:id shows it (lib/usage/session-schema.ts). */
export interface KeptQualitySummary {
  samples: number;
  rtt_ms: KeptStat;
  loss_percent: KeptStat;
  video_kbps: KeptStat;
}
/** A session's quality, kept on its row: the whole session's and each identity's. */
export interface KeptSessionQuality {
  session: KeptQualitySummary;
  identities: Record<string, KeptQualitySummary>;
}

type UsageMetric = (typeof USAGE_METRICS)[number];
type UsageQuotaMetric = (typeof USAGE_QUOTA_METRICS)[number];

const ts = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

function enumCheck(table: string, column: string) {
  const c = enumColumn(table, column);
  return check(enumCheckName(c), sql.raw(enumCheckSql(c)));
}

/** One stretch of a room from its first join to its last leave (docs/decisions/1311). */
export const roomSessions = pgTable(
  "room_sessions",
  {
    id: text("id").primaryKey(),
    orgId: text("org_id").notNull(),
    projectId: text("project_id").notNull(),
    roomId: text("room_id").notNull(),
    startedAt: ts("started_at").notNull(),
    /** Null while someone is present. */
    endedAt: ts("ended_at"),
    lastLeftAt: ts("last_left_at"),
    present: integer("present").notNull().default(0),
    peak: integer("peak").notNull().default(0),
    /**
     * The quality summary, kept once the session ended and before its samples may be pruned
     * (migration 0042, docs/decisions/1370); null: computed from `quality_samples` when read.
     */
    quality: jsonb("quality").$type<KeptSessionQuality>(),
  },
  (t) => [
    // GET rooms/:id/sessions: newest first, keyset; the trigger's "the room's latest session".
    index("room_sessions_room_started_idx").on(t.roomId, t.startedAt.desc(), t.id.desc()),
    // The retention pass: ended sessions whose quality summary is not kept yet, oldest first.
    index("room_sessions_quality_due_idx")
      .on(t.startedAt)
      .where(sql`ended_at IS NOT NULL AND quality IS NULL`),
  ],
);

/**
 * One participant's join–leave span (docs/decisions/1310): one row per (room, identity, join
 * time) of `room_participants`, so a repeated event, which changes no presence, adds no span.
 */
export const participantSpans = pgTable(
  "participant_spans",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    sessionId: text("session_id").notNull(),
    orgId: text("org_id").notNull(),
    projectId: text("project_id").notNull(),
    roomId: text("room_id").notNull(),
    identity: text("identity").notNull(),
    /** Subscribe-only (a `viewer` credential); null when no credential of ours is known. */
    viewer: boolean("viewer"),
    joinedAt: ts("joined_at").notNull(),
    leftAt: ts("left_at"),
    /** When the room token this participant joined with was minted, if one of ours. */
    tokenAt: ts("token_at"),
  },
  (t) => [
    uniqueIndex("participant_spans_room_identity_joined_key").on(t.roomId, t.identity, t.joinedAt),
    // GET sessions/:id: a session's spans in join order.
    index("participant_spans_session_idx").on(t.sessionId, t.joinedAt, t.id),
    // The rollup recomputes one org's closed spans of one UTC day.
    index("participant_spans_org_left_idx").on(t.orgId, t.leftAt).where(sql`left_at IS NOT NULL`),
  ],
);

/**
 * Insert-only marks of (org, UTC day), before migration 0045 (docs/decisions/1410): the rollup
 * turns any left into the marks of their 24 hours.
 */
export const usageDirtyDays = pgTable("usage_dirty_days", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  orgId: text("org_id").notNull(),
  day: date("day", { mode: "string" }).notNull(),
});

/**
 * Insert-only marks of (org, UTC hour) whose spans changed (migration 0045, docs/decisions/1410):
 * the rollup recomputes the hour and deletes its marks. `attempts` > 0: a mark moved behind the
 * others after its hour failed to roll up.
 */
export const usageDirtyHours = pgTable(
  "usage_dirty_hours",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: text("org_id").notNull(),
    hour: ts("hour").notNull(),
    attempts: integer("attempts").notNull().default(0),
  },
  // The rollup deletes every mark of an (org, hour) it recomputed.
  (t) => [index("usage_dirty_hours_org_hour_idx").on(t.orgId, t.hour)],
);

/** Participant minutes per org, project, UTC hour (spans counted on the hour they ended) and metric. */
export const usageHourly = pgTable(
  "usage_hourly",
  {
    orgId: text("org_id").notNull(),
    projectId: text("project_id").notNull(),
    hour: ts("hour").notNull(),
    metric: text("metric").$type<"publisher_minutes" | "viewer_minutes">().notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  // A day's hour rows, one org's: the daily sum reads a range of this key.
  (t) => [
    primaryKey({ columns: [t.orgId, t.hour, t.projectId, t.metric] }),
    check(
      "usage_hourly_metric_check",
      sql`metric = ANY (ARRAY['publisher_minutes'::text, 'viewer_minutes'::text])`,
    ),
  ],
);

/** (org, UTC day)s whose every hour is in `usage_hourly` (or marked to be): summed from hours. */
export const usageHourlyDays = pgTable(
  "usage_hourly_days",
  {
    orgId: text("org_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.day] })],
);

/** A room token minted (lib/usage/record-token-mint.ts): counted, and the join's "time from token". */
export const roomTokenMints = pgTable(
  "room_token_mints",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    orgId: text("org_id").notNull(),
    projectId: text("project_id").notNull(),
    roomId: text("room_id").notNull(),
    identity: text("identity").notNull(),
    viewer: boolean("viewer").notNull(),
    mintedAt: ts("minted_at").notNull().defaultNow(),
  },
  (t) => [
    index("room_token_mints_room_identity_idx").on(t.roomId, t.identity, t.mintedAt.desc()),
    index("room_token_mints_minted_idx").on(t.mintedAt),
  ],
);

/** The rollup: one value per org, project ('' for org-wide metrics), UTC day and metric. */
export const usageDaily = pgTable(
  "usage_daily",
  {
    orgId: text("org_id").notNull(),
    projectId: text("project_id").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    metric: text("metric").$type<UsageMetric>().notNull(),
    value: bigint("value", { mode: "number" }).notNull(),
  },
  (t) => [
    // GET usage: one org's days in a range (optionally one project's).
    primaryKey({ columns: [t.orgId, t.day, t.projectId, t.metric] }),
    // /metrics: this month of every org (lib/usage/usage-totals.ts).
    index("usage_daily_day_idx").on(t.day),
    enumCheck("usage_daily", "metric"),
  ],
);

/** How far the rollup of the sources other than spans has come (one row). */
export const usageRollupState = pgTable("usage_rollup_state", {
  id: integer("id").primaryKey(),
  through: date("through", { mode: "string" }).notNull(),
});

/** A quality sample kept for the session's summary (lib/usage/keep-quality-samples.ts). */
export const qualitySamples = pgTable(
  "quality_samples",
  {
    ref: text("ref").primaryKey(),
    roomId: text("room_id").notNull(),
    identity: text("identity").notNull(),
    at: ts("at").notNull(),
    /** Media the client sends (true) or receives (false). */
    inbound: boolean("inbound").notNull(),
    video: boolean("video").notNull(),
    rttMs: real("rtt_ms"),
    lossPercent: real("loss_percent"),
    kbps: real("kbps"),
  },
  (t) => [
    index("quality_samples_room_at_idx").on(t.roomId, t.at),
    // The retention pass: the oldest samples (migration 0042).
    index("quality_samples_at_idx").on(t.at),
  ],
);

/** A quota threshold an org crossed, once per month (docs/decisions/1312). */
export const usageThresholdNotices = pgTable(
  "usage_threshold_notices",
  {
    orgId: text("org_id").notNull(),
    month: text("month").notNull(),
    metric: text("metric").$type<UsageQuotaMetric>().notNull(),
    threshold: integer("threshold").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orgId, t.month, t.metric, t.threshold] }),
    enumCheck("usage_threshold_notices", "metric"),
  ],
);
