import { spawn } from "node:child_process";
import fs from "node:fs";
import { redact } from "@/lib/streamer/ffmpeg-args";

/** ANSI colour codes out of ffmpeg's last lines. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");

export interface OutputProcess {
  /** Media has reached the output (ffmpeg wrote some of it). */
  readonly flowing: boolean;
  /** Resolves when ffmpeg exits: `ok` for a clean end, else the reason (secrets redacted). */
  readonly done: Promise<{ ok: true } | { ok: false; reason: string }>;
  /** Asks ffmpeg to finish (SIGINT: the HLS playlist gets #EXT-X-ENDLIST), then kills it after `graceMs`. */
  stop(graceMs?: number): void;
  /** CPU seconds ffmpeg used so far (user + system, from /proc; the last sample once it exited). */
  cpuSeconds(): number | undefined;
}

/**
 * One ffmpeg per output (issue 45): an output that fails (an unreachable RTMP destination, a codec
 * the room did not send) ends alone and is reported; the other outputs go on. Never restarted here.
 */
export function startOutput(
  args: string[],
  secrets: readonly string[],
  onFlowing: () => void,
): OutputProcess {
  const child = spawn("ffmpeg", ["-nostdin", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let flowing = false;
  let stopping = false;
  let err = "";
  let cpu: number | undefined;
  child.stdout.on("data", (d: Buffer) => {
    if (flowing) return;
    // -progress pipe:1 prints key=value blocks; out_time_us grows once media is written.
    const m = /out_time_us=(\d+)/.exec(d.toString());
    if (m?.[1] && Number(m[1]) > 0) {
      flowing = true;
      onFlowing();
    }
  });
  child.stderr.on("data", (d: Buffer) => {
    err = (err + d.toString()).slice(-4000);
  });
  const done = new Promise<{ ok: true } | { ok: false; reason: string }>((resolve) => {
    child.on("error", (e) => resolve({ ok: false, reason: `ffmpeg could not run: ${e.message}` }));
    child.on("exit", (code, signal) => {
      if (code === 0 || (stopping && (code === 255 || signal !== null))) return resolve({ ok: true });
      const tail = err
        .replace(ANSI_COLOUR, "")
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean)
        .slice(-3)
        .join(" / ");
      resolve({
        ok: false,
        reason: redact(`ffmpeg exited (${signal ?? `exit ${code}`}): ${tail}`, secrets).slice(0, 480),
      });
    });
  });
  return {
    get flowing() {
      return flowing;
    },
    done,
    stop(graceMs = 5000) {
      if (stopping) return;
      stopping = true;
      // SIGINT: ffmpeg finishes its outputs (the HLS playlist's #EXT-X-ENDLIST, the FLV trailer)
      // even while it waits for packets that no longer come (the forward stopped, the room ended).
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      void done.then(() => clearTimeout(timer));
    },
    cpuSeconds: () => {
      // Linux: utime and stime (fields 14, 15) in clock ticks (100 per second on Linux).
      try {
        const stat = fs.readFileSync(`/proc/${child.pid}/stat`, "utf8");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        cpu = (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        // Exited: the last sample stands.
      }
      return cpu;
    },
  };
}
