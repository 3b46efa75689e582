/**
 * Statements per applied observation of the media pipeline (issue 42): the bench's Janus plan
 * (bench/sections/janus-ingest.mts) for `rooms` rooms, placed on four nodes, is stored through
 * the intake as each node posts it and applied by the job's code (the four nodes' streams in
 * parallel) against a PostgreSQL database of its own, whose client counts every statement it
 * sends (BEGIN and COMMIT included). Also timed: the apply's events/s and the CPU seconds of
 * this process, the pipeline's own bound without HTTP (docs/media-plane-testing.md). Prints one
 * JSON line.
 *   tsx bench/janus-statements.mts postgres://postgres@127.0.0.1:5432 [rooms]
 */
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "@/db/schema";
import { orgs, projects, rooms } from "@/db/schema";
import { type Db, MIGRATIONS_FOLDER } from "@/lib/db";
import { newId } from "@/lib/ids";
import { applyMediaIntake, intakeOutcome } from "@/lib/media/apply-intake";
import { acceptMediaIntake } from "@/lib/media/intake";
import { janusCredential } from "@/lib/media/janus/credential";
import { observeJanusEvent, type JanusEvent as ParsedJanusEvent } from "@/lib/media/janus/janus-events";
import { planIngest } from "./sections/janus-ingest.mjs";

const admin = process.argv[2] ?? "postgres://postgres@127.0.0.1:5432";
const roomCount = Number(process.argv[3] ?? 200);
/** As many nodes as the ingest bench posts from: each node's requests are one ordered stream. */
const POSTERS = 4;
const name = `bench_statements_${process.pid}`;
const root = postgres(`${admin}/postgres`, { max: 1 });
await root.unsafe(`create database ${name}`);
let statements = 0;
const client = postgres(`${admin}/${name}`, { max: 8, onnotice: () => {}, debug: () => statements++ });
try {
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const db = drizzle(client, { schema }) as unknown as Db;
  const orgId = newId("org");
  const projectId = newId("project");
  await db.insert(orgs).values({ id: orgId, name: "Statements", planSelected: true });
  await db.insert(projects).values({ id: projectId, orgId, name: "Main", slug: "main" });
  const ids = Array.from({ length: roomCount }, () => newId("room"));
  await db.insert(rooms).values(
    ids.map((id, i) => ({
      id,
      orgId,
      projectId,
      name: "r",
      type: "meeting" as const,
      shortCode: id.slice(3, 13),
      mediaNode: `node-${i % POSTERS}`,
    })),
  );
  const secret = "statements-token-secret-0123456789";
  const expiresAt = new Date(Date.now() + 3_600_000);
  const plan = planIngest(ids, {
    participantsPerRoom: 3,
    statsPerParticipant: 2,
    posters: POSTERS,
    sessionToken: (roomId, identity) =>
      janusCredential(secret, { roomId, identity, role: "publisher", expiresAt }).token,
  });
  const intakeIds: string[] = [];
  let observations = 0;
  const before = statements;
  for (const [node, arrays] of plan.posts.entries()) {
    for (const body of arrays) {
      const parsed = body.flatMap((e) => observeJanusEvent(e as unknown as ParsedJanusEvent, secret));
      observations += parsed.length;
      const { id } = await acceptMediaIntake(db, {
        driver: "janus",
        node: `node-${node}`,
        observations: parsed,
      });
      if (id) intakeIds.push(id);
    }
  }
  const intakeStatements = statements - before;
  const applyStart = statements;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await applyMediaIntake(db);
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const applyStatements = statements - applyStart;
  const applied = intakeIds.reduce((n, id) => n + (intakeOutcome(id)?.applied ?? 0), 0);
  const states = await db.select({ id: rooms.id, state: rooms.state }).from(rooms);
  const wrong = states.filter((r) => plan.expected.has(r.id) && plan.expected.get(r.id) !== r.state).length;
  process.stdout.write(
    `${JSON.stringify({
      rooms: roomCount,
      events: plan.events,
      requests: intakeIds.length,
      observations,
      applied_observations: applied,
      wrong_states: wrong,
      statements_per_request_stored:
        Math.round((intakeStatements / Math.max(1, intakeIds.length)) * 100) / 100,
      statements_applying: applyStatements,
      statements_per_observation: Math.round((applyStatements / Math.max(1, observations)) * 100) / 100,
      statements_per_applied_observation: Math.round((applyStatements / Math.max(1, applied)) * 100) / 100,
      apply_seconds: Math.round(seconds * 100) / 100,
      apply_events_per_s: Math.round(plan.events / seconds),
      apply_cpu_seconds: Math.round(((cpu.user + cpu.system) / 1e6) * 100) / 100,
    })}\n`,
  );
} finally {
  await client.end();
  await root.unsafe(`drop database if exists ${name} with (force)`);
  await root.end();
}
