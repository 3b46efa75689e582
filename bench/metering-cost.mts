/**
 * What metering costs the media ingest (issue 44: "≤ 5 % of the media ingest's events/s"): the
 * bench's Janus plan (bench/sections/janus-ingest.mts) for METERING_ROOMS fresh rooms per round is
 * stored through the intake and applied by the job's code in process (as bench/janus-statements.mts
 * does), with the metering trigger on `room_participants` (docs/decisions/1310) enabled and
 * disabled in alternating rounds (on, off, off, on, …) of the same run, on the database the
 * environment names (DATABASE_URL, a throwaway database `npm run bench` creates and drops; else
 * PGlite in SVC_DATA_DIR). Load on the machine weighs on both sides alike: the figure is the ratio
 * of events/s with metering to without. Writes its figures to METERING_OUT (JSON).
 *
 *   BENCH_SECTIONS=metering BENCH_TARGETS=postgres npm run bench     (no build needed)
 *   METERING_ROOMS (100 per round), METERING_ROUNDS (8)
 */
import fs from "node:fs";
import { inArray, sql } from "drizzle-orm";
import { orgs, participantSpans, projects, rooms } from "@/db/schema";
import { newId } from "@/lib/ids";
import { applyMediaIntake } from "@/lib/media/apply-intake";
import { acceptMediaIntake } from "@/lib/media/intake";
import { janusCredential } from "@/lib/media/janus/credential";
import { observeJanusEvent, type JanusEvent as ParsedJanusEvent } from "@/lib/media/janus/janus-events";
import { planIngest } from "./sections/janus-ingest.mjs";

process.env.LOG_LEVEL = "silent";
if (process.env.DATABASE_URL) {
  const { migratePostgres } = await import("@/lib/db");
  await migratePostgres(process.env.DATABASE_URL);
}
const { getDb, closeDb, getDbDriver } = await import("@/lib/db");
const db = await getDb();
const roomCount = Number(process.env.METERING_ROOMS ?? 100);
const rounds = Number(process.env.METERING_ROUNDS ?? 8);
/** The trigger that writes spans and sessions (migration 0035): metering's whole cost in the ingest. */
const TRIGGER = "room_participants_usage";
const secret = "metering-token-secret-0123456789";

const orgId = newId("org");
const projectId = newId("project");
await db.insert(orgs).values({ id: orgId, name: "Metering", planSelected: true });
await db.insert(projects).values({ id: projectId, orgId, name: "Main", slug: "main" });

/** Janus ids are counted from the same start in every plan: each round's are moved apart. */
function offsetIds(e: Record<string, unknown>, by: number): Record<string, unknown> {
  const out = { ...e };
  for (const k of ["session_id", "handle_id"] as const)
    if (typeof out[k] === "number") out[k] = (out[k] as number) + by;
  return out;
}

interface Round {
  metered: boolean;
  events: number;
  seconds: number;
  wrong_states: number;
  spans: number;
}

async function round(i: number, metered: boolean): Promise<Round> {
  await db.execute(
    sql.raw(`ALTER TABLE room_participants ${metered ? "ENABLE" : "DISABLE"} TRIGGER ${TRIGGER}`),
  );
  const ids = Array.from({ length: roomCount }, () => newId("room"));
  await db.insert(rooms).values(
    ids.map((id) => ({
      id,
      orgId,
      projectId,
      name: "r",
      type: "meeting" as const,
      shortCode: id.slice(3, 13),
    })),
  );
  const expiresAt = new Date(Date.now() + 3_600_000);
  const plan = planIngest(ids, {
    participantsPerRoom: 3,
    statsPerParticipant: 2,
    posters: 4,
    sessionToken: (roomId, identity) =>
      janusCredential(secret, { roomId, identity, role: "publisher", expiresAt }).token,
  });
  // Parsing is the route's work, the same on both sides: done before the clock starts.
  const bodies = plan.posts.flatMap((arrays) =>
    arrays.map((body) =>
      body.flatMap((e) =>
        observeJanusEvent(
          offsetIds(
            e as unknown as Record<string, unknown>,
            (i + 1) * 10_000_000,
          ) as unknown as ParsedJanusEvent,
          secret,
        ),
      ),
    ),
  );
  const started = performance.now();
  for (const observations of bodies)
    await acceptMediaIntake(db, { driver: "janus", node: null, observations });
  await applyMediaIntake(db);
  const seconds = (performance.now() - started) / 1000;
  const states = await db
    .select({ id: rooms.id, state: rooms.state })
    .from(rooms)
    .where(inArray(rooms.id, ids));
  const spans = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(participantSpans)
    .where(inArray(participantSpans.roomId, ids));
  return {
    metered,
    events: plan.events,
    seconds: Math.round(seconds * 1000) / 1000,
    wrong_states: states.filter((r) => plan.expected.get(r.id) !== r.state).length,
    spans: Number(spans[0]?.n ?? 0),
  };
}

// One unmeasured round warms the caches and the JIT for both sides.
await round(0, true);
const done: Round[] = [];
for (let i = 1; i <= rounds; i++) done.push(await round(i, [true, false, false, true][(i - 1) % 4] ?? true));
await db.execute(sql.raw(`ALTER TABLE room_participants ENABLE TRIGGER ${TRIGGER}`));

const rate = (metered: boolean) => {
  const rs = done.filter((r) => r.metered === metered);
  return (
    rs.reduce((n, r) => n + r.events, 0) /
    Math.max(
      1e-9,
      rs.reduce((n, r) => n + r.seconds, 0),
    )
  );
};
const withMetering = rate(true);
const without = rate(false);
const ratio = withMetering / without;
const out = {
  database: await getDbDriver(),
  rooms_per_round: roomCount,
  rounds,
  events_per_second_metered: Math.round(withMetering),
  events_per_second_unmetered: Math.round(without),
  ratio: Math.round(ratio * 1000) / 1000,
  cost_percent: Math.round((1 - ratio) * 1000) / 10,
  target_cost_percent: 5,
  met: 1 - ratio <= 0.05,
  // Proof each side measured what it says: spans only with the trigger, every room in its state.
  wrong_states: done.reduce((n, r) => n + r.wrong_states, 0),
  spans_unmetered: done.filter((r) => !r.metered).reduce((n, r) => n + r.spans, 0),
  spans_metered: done.filter((r) => r.metered).reduce((n, r) => n + r.spans, 0),
  per_round: done,
};
console.log(
  `metering (${out.database}): ${out.events_per_second_metered} events/s metered, ${out.events_per_second_unmetered} unmetered: ratio ${out.ratio} (cost ${out.cost_percent} %, target ≤ 5 %)`,
);
if (process.env.METERING_OUT) fs.writeFileSync(process.env.METERING_OUT, JSON.stringify(out, null, 2));
await closeDb();
process.exit(0);
