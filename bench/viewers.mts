/**
 * `BENCH_SECTIONS=viewers npm run bench` (issue 45, docs/streaming.md "Measured"): how many HLS
 * viewers of a live stream one machine's service answers when segments come from storage. Run by
 * bench/run.mts per database in a process of its own (DATABASE_URL: PostgreSQL, migrated here;
 * otherwise PGlite in SVC_DATA_DIR), after the app's build:
 *
 * 1. A `live` room with a live stream whose HLS output is live, written into the local object
 *    store directly, as the streamer agent's uploads leave it (lib/streamer/ffmpeg-args.ts: 2 s
 *    MPEG-TS segments with #EXT-X-PROGRAM-DATE-TIME): a new segment every 2 s, the playlist
 *    rewritten atomically. The agent's playlist names every segment since the start
 *    (`hls_list_size 0`); here it names the last VIEWERS_AGE_SEGMENTS, so every step of a ramp
 *    pays for the same playlist, and what length costs is measured apart (3.).
 * 2. `next start` of the build, its presigned links signed for a storage stand-in
 *    (`SVC_STORAGE_PUBLIC_URL`, bench/baselines/storage-server.mjs): segment bytes are served by a
 *    process of their own, as a bucket or CDN serves them in production, and the service answers
 *    only the share link's playlist (`GET /v1/join/:code/stream.m3u8`).
 * 3. Baseline, in turns in the same minute: the app's own GET /healthz (the Next floor of the token
 *    section) and the playlist, closed loops at 32 connections: req/s, p50/p99 and the service's
 *    CPU ms per request; the playlist also at 6, 300 and 1,800 segments (a stream 12 s, 10 min
 *    and 1 h old), since every request signs every segment it names.
 * 4. Viewer ramps (bench/sections/viewers.mts): playlists only (the service's share), then
 *    playlists and segments, more viewers per step until the playlist p99 passes a segment's
 *    duration, an error, or the viewers fall behind their schedule.
 *
 * Settings: VIEWERS_STEPS (viewer counts, default 50,100,200,400,800,1600,3200), VIEWERS_SECONDS
 * (measured seconds per step, 12), VIEWERS_SEGMENT_KB (bytes of a 2 s segment, 500: 2 Mbit/s),
 * VIEWERS_AGE_SEGMENTS (segments in the playlist when the ramps begin, 30: a stream a minute old),
 * VIEWERS_MAX_CONNECTIONS (kept-alive connections the viewers share per origin, 256), VIEWERS_OUT.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

process.env.LOG_LEVEL = "warn";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "svc-viewers-"));
// The local store lives in the data dir: PostgreSQL runs get one of their own here.
process.env.SVC_DATA_DIR ||= path.join(work, "data");
const dataDir = process.env.SVC_DATA_DIR;

const { closedLoop, inTurns, mergeLoads } = await import("./lib/load.mjs");
const { bin, freePort, mustSucceed, run, say, startDetached, startNextServer, stopGroup, waitForHttp, ROOT } =
  await import("./lib/proc.mjs");
const { groupCpuSeconds, loadAverage, processCpuSeconds } = await import("./lib/cpu.mjs");
const { ratio, round } = await import("./lib/stats.mjs");
const { viewerRamp } = await import("./sections/viewers.mjs");
const { LOCAL_BUCKET } = await import("@/lib/storage/storage-config");

const TARGET_DURATION_MS = 2000;
const num = (v: string | undefined, d: number) => (v ? Number(v) : d);
const settings = {
  steps: (process.env.VIEWERS_STEPS ?? "50,100,200,400,800,1600,3200").split(",").map(Number),
  seconds: num(process.env.VIEWERS_SECONDS, 12),
  segmentBytes: num(process.env.VIEWERS_SEGMENT_KB, 500) * 1024,
  ageSegments: num(process.env.VIEWERS_AGE_SEGMENTS, 30),
  maxConnections: num(process.env.VIEWERS_MAX_CONNECTIONS, 256),
  lengths: [6, 300, 1800],
};

// --- The fixture, in a process of its own that exits before the app opens the database. ---
const made = await run(
  bin("tsx"),
  [path.join(ROOT, "bench", "viewers-fixture.mts"), settings.lengths.join(",")],
  process.env,
  { timeoutMs: 300_000 },
);
mustSucceed("bench/viewers-fixture.mts", made);
const fixture = JSON.parse(made.stdout.trim().split("\n").pop() ?? "{}") as {
  live: { code: string; prefix: string };
  fixed: [number, { code: string; prefix: string }][];
};
const live = fixture.live;
const fixed = new Map(fixture.fixed);

// --- The stream's files, as the agent leaves them in the local store. ---
const objects = path.join(dataDir, "objects");
const dirOf = (prefix: string) => path.join(objects, LOCAL_BUCKET, ...prefix.split("/").filter(Boolean));
/** One 2 s MPEG-TS segment's size of 188-byte packets (the viewers read bytes; nothing decodes them). */
const segment = Buffer.alloc(Math.ceil(settings.segmentBytes / 188) * 188, 0xff);
for (let i = 0; i < segment.length; i += 188) segment[i] = 0x47;
const streamStart = Date.now();

function playlistText(count: number, first = 0): string {
  const lines = [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    "#EXT-X-TARGETDURATION:2",
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    "#EXT-X-INDEPENDENT-SEGMENTS",
  ];
  for (let n = first; n < first + count; n++) {
    lines.push(
      `#EXT-X-PROGRAM-DATE-TIME:${new Date(streamStart + n * TARGET_DURATION_MS).toISOString()}`,
      "#EXTINF:2.000000,",
      `seg_${String(n).padStart(5, "0")}.ts`,
    );
  }
  return `${lines.join("\n")}\n`;
}

function writeAtomically(file: string, body: string | Buffer): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(`${file}.tmp`, body, { mode: 0o600 });
  fs.renameSync(`${file}.tmp`, file);
}

for (const [n, s] of fixed) writeAtomically(path.join(dirOf(s.prefix), "index.m3u8"), playlistText(n));
const liveDir = dirOf(live.prefix);
let segments = 0;
/** The next segment of the live stream: its file, then the playlist naming it; old files go. */
function appendSegment(): void {
  const name = `seg_${String(segments).padStart(5, "0")}.ts`;
  writeAtomically(path.join(liveDir, name), segment);
  segments++;
  // A constant window, so every step of a ramp pays for the same playlist (the agent's names every
  // segment since the start: what that costs by length is the baseline's, measured apart).
  const named = Math.min(segments, settings.ageSegments);
  writeAtomically(path.join(liveDir, "index.m3u8"), playlistText(named, segments - named));
  // Nobody fetches a segment ten behind the live edge (hls.js joins three behind).
  fs.rmSync(path.join(liveDir, `seg_${String(segments - 11).padStart(5, "0")}.ts`), { force: true });
}
for (let n = 0; n < settings.ageSegments; n++) appendSegment();
const writer = setInterval(appendSegment, TARGET_DURATION_MS);

// --- Storage stand-in and the service. ---
const storagePort = await freePort();
const storage = startDetached(
  process.execPath,
  [path.join(ROOT, "bench", "baselines", "storage-server.mjs")],
  { NODE_ENV: "production", PATH: process.env.PATH, STORAGE_DIR: objects, PORT: String(storagePort) },
  path.join(work, "storage.log"),
);
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const logFile = path.join(work, "server.log");
const server = startNextServer(
  port,
  {
    ...process.env,
    SVC_BASE_URL: base,
    NEXTAUTH_URL: base,
    SVC_STORAGE_PUBLIC_URL: `http://127.0.0.1:${storagePort}`,
  },
  logFile,
);
const stopAll = async () => {
  clearInterval(writer);
  await stopGroup(server);
  await stopGroup(storage);
};
for (const sig of ["SIGINT", "SIGTERM"] as const)
  process.once(sig, () => stopAll().finally(() => process.exit(130)));

try {
  await waitForHttp(`http://127.0.0.1:${storagePort}/healthz`, storage, 10_000);
  await waitForHttp(`${base}/healthz`, server, 120_000);
  const pgid = server.pid ?? 0;
  const probes = {
    serviceCpu: () => groupCpuSeconds(pgid),
    storageCpu: () => processCpuSeconds(storage.pid ?? 0),
  };
  const playlistUrl = (code: string) => `${base}/v1/join/${code}/stream.m3u8`;
  // The first answers may wait for the database pool's first connections on a busy machine.
  let sample = "";
  for (let deadline = Date.now() + 60_000; ; ) {
    const check = await fetch(playlistUrl(live.code), { signal: AbortSignal.timeout(10_000) });
    sample = await check.text();
    if (check.status === 200) break;
    if (Date.now() > deadline)
      throw new Error(`the playlist answered ${check.status}: ${sample.slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
  const firstSegment = sample.split("\n").find((l) => l.startsWith("http")) ?? "";
  if (!firstSegment.startsWith(`http://127.0.0.1:${storagePort}/`))
    throw new Error(`segment links do not point at storage: ${firstSegment}`);
  say(
    `viewers: service on ${base}, storage stand-in on :${storagePort}; playlist of ${settings.ageSegments} segments ok`,
  );

  // The service's own work with no request (its background jobs): taken off each run's CPU, which
  // at a few requests per second it would otherwise outweigh.
  const idle0 = probes.serviceCpu();
  const idleT0 = performance.now();
  await new Promise((r) => setTimeout(r, 5_000));
  const idleCores = (probes.serviceCpu() - idle0) / ((performance.now() - idleT0) / 1000);
  // Closed loops with the service's CPU around each: CPU ms per request = CPU s / wall s / req/s.
  const measured = (url: string) => async () => {
    const c0 = probes.serviceCpu();
    const t0 = performance.now();
    const run = await closedLoop({ url }, 32, 3, { warmupMs: 1000 });
    const cores = (probes.serviceCpu() - c0) / ((performance.now() - t0) / 1000) - idleCores;
    return { run, cores };
  };
  const targets = [
    measured(`${base}/healthz`),
    measured(playlistUrl(live.code)),
    ...settings.lengths.map((n) => measured(playlistUrl(fixed.get(n)?.code ?? ""))),
  ];
  say(
    `viewers: baseline, /healthz and the playlist at ${[settings.ageSegments, ...settings.lengths].join(", ")} segments, 32 connections, 2 rounds in turns …`,
  );
  const rounds = await inTurns(2, targets);
  const summary = (runs: (typeof rounds)[number], segmentsNamed: number | null) => {
    const merged = mergeLoads(runs.map((r) => r.run));
    const cores = runs.reduce((a, r) => a + r.cores, 0) / runs.length;
    return {
      segments: segmentsNamed,
      rps: round(merged.rps),
      p50_ms: round(merged.p50_ms),
      p99_ms: round(merged.p99_ms),
      failures: merged.failures,
      service_cores: round(cores),
      cpu_ms_per_request: round((cores * 1000) / merged.rps),
    };
  };
  const [floorRuns, liveRuns, ...lengthRuns] = rounds;
  const floor = summary(floorRuns ?? [], null);
  const byLength = [
    summary(liveRuns ?? [], settings.ageSegments),
    ...settings.lengths.map((n, i) => summary(lengthRuns[i] ?? [], n)),
  ].map((s) => ({
    ...s,
    rps_ratio_to_floor: ratio(s.rps, floor.rps),
    cpu_ratio_to_floor: ratio(s.cpu_ms_per_request, floor.cpu_ms_per_request),
  }));
  for (const s of byLength)
    say(
      `viewers: playlist of ${s.segments} segments: ${s.rps} req/s (${s.rps_ratio_to_floor} of /healthz's ${floor.rps}), ` +
        `p99 ${s.p99_ms} ms, ${s.cpu_ms_per_request} CPU ms per request (/healthz ${floor.cpu_ms_per_request})`,
    );

  const ramp = (withSegments: boolean) =>
    viewerRamp(playlistUrl(live.code), settings.steps, {
      seconds: settings.seconds,
      targetDurationMs: TARGET_DURATION_MS,
      segments: withSegments,
      maxConnections: settings.maxConnections,
      probes,
      say: (m) => say(`viewers: ${m}`),
    });
  const playlistsOnly = await ramp(false);
  const withSegments = await ramp(true);
  const out = {
    generated_at: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, load_average_at_end: loadAverage() },
    segment_seconds: TARGET_DURATION_MS / 1000,
    segment_kb: Math.round(segment.length / 1024),
    playlist_segments: settings.ageSegments,
    baseline: { idle_service_cores: round(idleCores), floor, playlist: byLength },
    playlists_only: playlistsOnly,
    playlists_and_segments: withSegments,
  };
  if (process.env.VIEWERS_OUT) fs.writeFileSync(process.env.VIEWERS_OUT, `${JSON.stringify(out, null, 2)}\n`);
  say(
    `viewers: sustained ${playlistsOnly.sustained_viewers} (playlists only; stopped by ${playlistsOnly.stopped_by}), ` +
      `${withSegments.sustained_viewers} (with segments; stopped by ${withSegments.stopped_by})`,
  );
  fs.rmSync(work, { recursive: true, force: true });
} catch (err) {
  const tail = fs.existsSync(logFile)
    ? fs.readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n")
    : "";
  throw new Error(`${(err as Error).message}\nserver log (${logFile}), last lines:\n${tail}`);
} finally {
  await stopAll();
}
