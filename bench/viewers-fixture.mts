/**
 * The viewers section's database rows (bench/viewers.mts), in a process of its own that exits
 * before the app opens the same database: one org and project, and a `live` room with a live
 * stream whose HLS output is live, once for the live playlist and once per fixed playlist length.
 * Prints one JSON line: the share codes and each stream's HLS prefix in the object store.
 *
 *   tsx bench/viewers-fixture.mts <length>[,<length>…]
 *
 * DATABASE_URL: PostgreSQL (migrated here); otherwise PGlite in SVC_DATA_DIR.
 */
process.env.LOG_LEVEL = "warn";
if (process.env.DATABASE_URL) {
  const { migratePostgres } = await import("@/lib/db");
  await migratePostgres(process.env.DATABASE_URL);
}
const { getDb, closeDb } = await import("@/lib/db");
const { orgs, projects, rooms, streams } = await import("@/db/schema");
const { newId } = await import("@/lib/ids");
const { newShortCode } = await import("@/lib/rooms/short-code");
const { streamHlsPrefix } = await import("@/lib/streams/stream-object");

const lengths = (process.argv[2] ?? "").split(",").filter(Boolean).map(Number);
const db = await getDb();
const orgId = newId("org");
const projectId = newId("project");
await db.insert(orgs).values({ id: orgId, name: "Bench viewers", planSelected: true, plan: "starter" });
await db.insert(projects).values({ id: projectId, orgId, name: "Viewers", slug: "viewers" });

async function liveStream(): Promise<{ code: string; prefix: string }> {
  const roomId = newId("room");
  const code = newShortCode();
  await db.insert(rooms).values({
    id: roomId,
    orgId,
    projectId,
    name: `Viewers ${code}`,
    type: "live",
    state: "active",
    shortCode: code,
  });
  const id = newId("stream");
  await db.insert(streams).values({
    id,
    orgId,
    projectId,
    roomId,
    state: "live",
    outputs: [{ kind: "hls", state: "live" }],
    startedAt: new Date(),
  });
  return { code, prefix: streamHlsPrefix({ orgId, roomId, id }) };
}

const live = await liveStream();
const fixed: [number, { code: string; prefix: string }][] = [];
for (const n of lengths) fixed.push([n, await liveStream()]);
await closeDb();
process.stdout.write(`${JSON.stringify({ live, fixed })}\n`);
process.exit(0);
