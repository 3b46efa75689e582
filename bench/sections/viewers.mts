import { Agent, request } from "undici";
import { loadAverage } from "../lib/cpu.mjs";
import { percentile } from "../lib/stats.mjs";

/**
 * Simulated HLS viewers of one live stream (issue 45, docs/streaming.md "Measured"): each does what
 * hls.js does with a live playlist. It fetches the playlist, then every segment it has not fetched
 * yet (on joining, only the last three: hls.js starts about three segments behind the live edge),
 * then fetches the playlist again one target duration after the previous fetch began. Viewers
 * join spread over one target duration, so their requests are spread as real audiences' are.
 * The playlist comes from the service; segments from the presigned links in it (storage).
 */

export interface ViewerStep {
  viewers: number;
  seconds: number;
  /** Playlist answers per second in the measured window, and what the viewers' schedule asks for. */
  playlist_rps: number;
  playlist_rps_scheduled: number;
  playlist_p50_ms: number;
  playlist_p99_ms: number;
  playlist_max_ms: number;
  playlist_kb: number;
  segments_per_s: number;
  segment_p50_ms: number | null;
  segment_p99_ms: number | null;
  /** Segment bytes the viewers received per second, in megabits. */
  segment_mbit_s: number;
  errors: number;
  /** Playlist fetches that began more than one target duration late (the viewer fell behind). */
  late_fetches: number;
  /** CPU in cores (CPU seconds per second) of the service, of the storage stand-in, of this load generator. */
  service_cores: number;
  storage_cores: number;
  generator_cores: number;
  load_average: number;
  ok: boolean;
}

export interface ViewerProbes {
  serviceCpu: () => number;
  storageCpu: () => number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const r1 = (n: number) => Math.round(n * 10) / 10;
const r3 = (n: number) => Math.round(n * 1000) / 1000;

/** The media lines of a playlist (anything not a tag), in order. */
function mediaUrls(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
}

/** A segment's name without its presigned query: the same segment is signed afresh in every playlist. */
const nameOf = (url: string) => new URL(url).pathname.split("/").pop() ?? url;

/**
 * `viewers` viewers for `seconds` (after their joins, one target duration, and one more duration of
 * settling, which are not measured). A step is ok when every playlist answered 2xx within one
 * target duration at p99, every segment answered, and the viewers kept their schedule (at least
 * 95 % of the playlist fetches they were due).
 */
export async function viewerStep(
  playlistUrl: string,
  viewers: number,
  opts: {
    seconds: number;
    targetDurationMs: number;
    segments: boolean;
    maxConnections: number;
    probes: ViewerProbes;
  },
): Promise<ViewerStep> {
  const { targetDurationMs: period } = opts;
  // Kept-alive connections shared by the viewers, as a CDN or a load balancer would pool them.
  const dispatcher = new Agent({
    connections: Math.min(viewers, opts.maxConnections),
    headersTimeout: 30_000,
    bodyTimeout: 30_000,
  });
  const playlistMs: number[] = [];
  const segmentMs: number[] = [];
  let playlistBytes = 0;
  let segmentBytes = 0;
  let errors = 0;
  let late = 0;
  const begin = performance.now();
  const measureFrom = begin + 2 * period;
  const measureTo = measureFrom + opts.seconds * 1000;
  const inWindow = (t: number) => t > measureFrom && t <= measureTo;

  const get = async (url: string): Promise<{ ok: boolean; body: Buffer }> => {
    try {
      const res = await request(url, { dispatcher });
      const body = Buffer.from(await res.body.arrayBuffer());
      return { ok: res.statusCode === 200, body };
    } catch {
      return { ok: false, body: Buffer.alloc(0) };
    }
  };

  const viewer = async (i: number) => {
    await sleep((i / viewers) * period);
    const seen = new Set<string>();
    let first = true;
    let due = performance.now();
    while (due < measureTo) {
      const t0 = performance.now();
      if (t0 - due > period && inWindow(t0)) late++;
      const playlist = await get(playlistUrl);
      const t1 = performance.now();
      if (inWindow(t1)) {
        playlistMs.push(t1 - t0);
        playlistBytes += playlist.body.byteLength;
        if (!playlist.ok) errors++;
      }
      if (playlist.ok && opts.segments) {
        const urls = mediaUrls(playlist.body.toString("utf8"));
        const fresh = urls.filter((u) => !seen.has(nameOf(u)));
        for (const u of urls) seen.add(nameOf(u));
        for (const u of first ? fresh.slice(-3) : fresh) {
          const s0 = performance.now();
          const seg = await get(u);
          const s1 = performance.now();
          if (inWindow(s1)) {
            segmentMs.push(s1 - s0);
            segmentBytes += seg.body.byteLength;
            if (!seg.ok) errors++;
          }
        }
      }
      first = false;
      due = t0 + period;
      const wait = due - performance.now();
      if (wait > 0) await sleep(wait);
    }
  };

  // CPU readings bracket the measured window (the joins and settling are left out).
  let cpu0 = { service: 0, storage: 0, generator: 0 };
  const startCpu = setTimeout(
    () => {
      cpu0 = {
        service: opts.probes.serviceCpu(),
        storage: opts.probes.storageCpu(),
        generator: cpuSeconds(),
      };
    },
    Math.max(0, measureFrom - performance.now()),
  );
  let cpu1 = cpu0;
  const endCpu = setTimeout(
    () => {
      cpu1 = {
        service: opts.probes.serviceCpu(),
        storage: opts.probes.storageCpu(),
        generator: cpuSeconds(),
      };
    },
    Math.max(0, measureTo - performance.now()),
  );
  try {
    await Promise.all(Array.from({ length: viewers }, (_, i) => viewer(i)));
  } finally {
    clearTimeout(startCpu);
    clearTimeout(endCpu);
    await dispatcher.close();
  }
  const s = opts.seconds;
  const scheduled = viewers / (period / 1000);
  const step: ViewerStep = {
    viewers,
    seconds: s,
    playlist_rps: r1(playlistMs.length / s),
    playlist_rps_scheduled: r1(scheduled),
    playlist_p50_ms: r1(percentile(playlistMs, 50)),
    playlist_p99_ms: r1(percentile(playlistMs, 99)),
    playlist_max_ms: r1(playlistMs.length ? Math.max(...playlistMs) : Number.NaN),
    playlist_kb: r1(playlistMs.length ? playlistBytes / playlistMs.length / 1024 : 0),
    segments_per_s: r1(segmentMs.length / s),
    segment_p50_ms: segmentMs.length ? r1(percentile(segmentMs, 50)) : null,
    segment_p99_ms: segmentMs.length ? r1(percentile(segmentMs, 99)) : null,
    segment_mbit_s: r1((segmentBytes * 8) / 1e6 / s),
    errors,
    late_fetches: late,
    service_cores: r3((cpu1.service - cpu0.service) / s),
    storage_cores: r3((cpu1.storage - cpu0.storage) / s),
    generator_cores: r3((cpu1.generator - cpu0.generator) / s),
    load_average: loadAverage(),
    ok: false,
  };
  step.ok =
    errors === 0 &&
    playlistMs.length > 0 &&
    step.playlist_p99_ms <= period &&
    playlistMs.length / s >= 0.95 * scheduled;
  return step;
}

function cpuSeconds(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
}

export interface ViewerRamp {
  segments: boolean;
  steps: ViewerStep[];
  /** The most viewers of a step that was ok (null: not even the first). */
  sustained_viewers: number | null;
  /** Why the ramp stopped: the first step that was not ok, or the end of the list. */
  stopped_by: string;
  /** At the sustained step: the service's CPU seconds per viewer per minute, and viewers per core of it. */
  service_cpu_s_per_viewer_minute: number | null;
  viewers_per_service_core: number | null;
}

/** Steps of more and more viewers until one is not ok (or the list ends). */
export async function viewerRamp(
  playlistUrl: string,
  counts: readonly number[],
  opts: Omit<Parameters<typeof viewerStep>[2], "segments"> & {
    segments: boolean;
    say: (m: string) => void;
  },
): Promise<ViewerRamp> {
  const steps: ViewerStep[] = [];
  let stoppedBy = "the last step of the list";
  for (const n of counts) {
    const step = await viewerStep(playlistUrl, n, opts);
    steps.push(step);
    opts.say(
      `${n} viewers${opts.segments ? " (playlists and segments)" : " (playlists only)"}: ` +
        `${step.playlist_rps}/${step.playlist_rps_scheduled} playlists/s, p50 ${step.playlist_p50_ms} ms, ` +
        `p99 ${step.playlist_p99_ms} ms, ${step.segment_mbit_s} Mbit/s of segments, errors ${step.errors}, ` +
        `late ${step.late_fetches}; CPU cores: service ${step.service_cores}, storage ${step.storage_cores}, ` +
        `generator ${step.generator_cores}; load ${step.load_average}`,
    );
    if (!step.ok) {
      const why =
        step.errors > 0
          ? `${step.errors} errors`
          : step.playlist_p99_ms > opts.targetDurationMs
            ? `playlist p99 ${step.playlist_p99_ms} ms > ${opts.targetDurationMs} ms`
            : `${step.playlist_rps} of ${step.playlist_rps_scheduled} playlist fetches/s kept`;
      stoppedBy = `${n} viewers: ${why}`;
      break;
    }
  }
  const best = [...steps].reverse().find((s) => s.ok);
  return {
    segments: opts.segments,
    steps,
    sustained_viewers: best?.viewers ?? null,
    stopped_by: stoppedBy,
    service_cpu_s_per_viewer_minute:
      best && best.service_cores > 0 ? r3((best.service_cores * 60) / best.viewers) : null,
    viewers_per_service_core:
      best && best.service_cores > 0 ? Math.round(best.viewers / best.service_cores) : null,
  };
}
